package org.couchtck.kit.wire;

/** A line that is not exactly one JSON value. */
public final class MalformedLineException extends Exception {

    /** @param message what is wrong with the line, for a failure message */
    public MalformedLineException(String message, Throwable cause) {
        super(message, cause);
    }
}
