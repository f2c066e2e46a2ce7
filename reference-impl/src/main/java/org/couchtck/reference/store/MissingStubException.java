package org.couchtck.reference.store;

/**
 * A write named an attachment stub the revision it updates does not have (CouchDB's {@code missing_stub}, which
 * fails the whole request, a {@code _bulk_docs} batch included, before anything of it is written).
 */
public final class MissingStubException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    MissingStubException(String docId, String attachmentName) {
        super("Invalid attachment stub in " + docId + " for " + attachmentName);
    }

    /** CouchDB's reason text. */
    public String reason() {
        return getMessage();
    }
}
