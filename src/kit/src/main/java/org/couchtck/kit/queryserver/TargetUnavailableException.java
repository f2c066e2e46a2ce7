package org.couchtck.kit.queryserver;

/** The target could not be started for a generated example: the case is ERROR, not a property failure. */
final class TargetUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TargetUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
