package org.couchtck.kit.report;

/** A results.json that is not a document of the supported schema version. */
public final class ResultsFormatException extends IllegalArgumentException {

    /** @param message what is wrong and where */
    public ResultsFormatException(String message) {
        super(message);
    }

    /** @param message what is wrong and where; {@code cause} the parser's complaint */
    public ResultsFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
