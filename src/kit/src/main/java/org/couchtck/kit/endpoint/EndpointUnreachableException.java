package org.couchtck.kit.endpoint;

import java.io.IOException;

/** No connection to the endpoint could be made (refused, unknown host, connect timeout): nothing to judge. */
public class EndpointUnreachableException extends IOException {

    private static final long serialVersionUID = 1L;

    public EndpointUnreachableException(String message, Throwable cause) {
        super(message, cause);
    }
}
