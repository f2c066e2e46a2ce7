package org.couchtck.kit.endpoint;

import java.io.IOException;

/**
 * A connection was made but no response came: none within the bound, the server closed the connection before one,
 * or it sent something that is not HTTP.
 */
public class NoReplyException extends IOException {

    private static final long serialVersionUID = 1L;

    public NoReplyException(String message) {
        super(message);
    }

    public NoReplyException(String message, Throwable cause) {
        super(message, cause);
    }
}
