package org.couchtck.reference.views;

/** A query CouchDB refuses: 400 {@code query_parse_error} with this message. */
public final class ViewQueryException extends RuntimeException {

    public ViewQueryException(String reason) {
        super(reason);
    }
}
