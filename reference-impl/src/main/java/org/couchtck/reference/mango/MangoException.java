package org.couchtck.reference.mango;

/**
 * A selector CouchDB refuses, or one that fails while a document is matched. A refusal is mango_error's 400 with its
 * error name and reason; a failure while matching is an Erlang crash, which CouchDB answers with 500 {@code error}
 * and the crash term as the reason.
 */
public final class MangoException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String error;
    private final String reason;

    private MangoException(int status, String error, String reason) {
        super(error + ": " + reason);
        this.status = status;
        this.error = error;
        this.reason = reason;
    }

    /** mango_error:info/2's 400 for a selector that does not normalize. */
    static MangoException refused(String error, String reason) {
        return new MangoException(400, error, reason);
    }

    /** A crash while matching, {@code reason} being the start of the crash term CouchDB prints. */
    static MangoException crashed(String reason) {
        return new MangoException(500, "error", reason);
    }

    /** 400 for a refusal, 500 for a crash while matching. */
    public int status() {
        return status;
    }

    /** mango_error's error name ({@code bad_arg}, {@code invalid_operator}, ...), or {@code error} for a crash. */
    public String error() {
        return error;
    }

    /** The reason text, e.g. {@code Bad argument for operator $in: 5}. */
    public String reason() {
        return reason;
    }

    /** Whether this is a refusal of the selector rather than a crash while matching. */
    public boolean refusal() {
        return status == 400;
    }
}
