package org.couchtck.reference.views;

/** A design document CouchDB refuses to save: its reply is 400 {@code invalid_design_doc} with this message. */
public final class InvalidDesignDocException extends RuntimeException {

    public InvalidDesignDocException(String reason) {
        super(reason);
    }
}
