package org.couchtck.reference.endpoint;

/** CouchDB's rules for document ids. */
final class DocIds {

    private DocIds() {}

    static void check(String id) {
        if (id.isEmpty()) {
            throw new CouchError(400, "illegal_docid", "Document id must not be empty");
        }
        if (id.startsWith("_") && !id.startsWith("_design/") && !id.startsWith("_local/")) {
            throw new CouchError(400, "illegal_docid", "Only reserved document ids may start with underscore.");
        }
    }
}
