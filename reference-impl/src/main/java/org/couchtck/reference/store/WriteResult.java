package org.couchtck.reference.store;

/** What became of one document write. */
public sealed interface WriteResult {

    String id();

    /**
     * The write was committed as revision {@code rev}; {@code accepted} when it went on a branch only a copy that
     * lagged still had (202 Accepted, a conflict once the copies agree).
     */
    record Written(String id, Revision rev, boolean accepted) implements WriteResult {

        public Written(String id, Revision rev) {
            this(id, rev, false);
        }
    }

    /** The write was refused; {@code error} and {@code reason} are CouchDB's texts, {@code status} its HTTP status. */
    record Refused(String id, int status, String error, String reason) implements WriteResult {

        static Refused conflict(String id) {
            return new Refused(id, 409, "conflict", "Document update conflict.");
        }
    }
}
