package org.couchtck.reference.store;

/** What became of one document write. */
public sealed interface WriteResult {

    String id();

    /** The write was committed as revision {@code rev}. */
    record Written(String id, Revision rev) implements WriteResult {}

    /** The write was refused; {@code error} and {@code reason} are CouchDB's texts, {@code status} its HTTP status. */
    record Refused(String id, int status, String error, String reason) implements WriteResult {

        static Refused conflict(String id) {
            return new Refused(id, 409, "conflict", "Document update conflict.");
        }
    }
}
