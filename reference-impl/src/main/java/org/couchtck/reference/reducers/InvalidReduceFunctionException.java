package org.couchtck.reference.reducers;

/**
 * A reduce source that starts with {@code _} but names no builtin CouchDB 3.5.2 accepts. The message is the reason
 * CouchDB gives when the design document is saved: {@code 400 {"error":"invalid_design_doc","reason":<message>}}.
 */
public final class InvalidReduceFunctionException extends Exception {

    private static final long serialVersionUID = 1L;

    public InvalidReduceFunctionException(String reason) {
        super(reason);
    }

    /** The {@code invalid_design_doc} reason, as CouchDB words it. */
    public String reason() {
        return getMessage();
    }
}
