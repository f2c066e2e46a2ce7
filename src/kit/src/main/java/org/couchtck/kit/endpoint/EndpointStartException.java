package org.couchtck.kit.endpoint;

/** The endpoint a run names could not be had; the message is one line for the user (exit status 3). */
public final class EndpointStartException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public EndpointStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
