package org.couchtck.reference.endpoint;

/** A request CouchDB answers with an error body {@code {"error": ..., "reason": ...}} and {@code status}. */
class CouchError extends RuntimeException {

    private final int status;
    private final String error;

    CouchError(int status, String error, String reason) {
        super(reason, null, false, false);
        this.status = status;
        this.error = error;
    }

    int status() {
        return status;
    }

    String error() {
        return error;
    }

    String reason() {
        return getMessage();
    }

    static CouchError badRequest(String reason) {
        return new CouchError(400, "bad_request", reason);
    }

    static CouchError notFound(String reason) {
        return new CouchError(404, "not_found", reason);
    }

    static CouchError methodNotAllowed(String allowed) {
        return new MethodNotAllowed(allowed);
    }

    /**
     * A crash CouchDB answers with 500 and a {@code ref}: chttpd's hash of the crash's stack, the same for every crash
     * at one place of the code, so a reply names where it happened.
     */
    static final class Crash extends CouchError {
        private final long ref;

        Crash(String error, String reason, long ref) {
            super(500, error, reason);
            this.ref = ref;
        }

        long ref() {
            return ref;
        }
    }

    /** 405, which also names the allowed methods in an {@code Allow} header. */
    static final class MethodNotAllowed extends CouchError {
        private final String allowed;

        MethodNotAllowed(String allowed) {
            super(405, "method_not_allowed", "Only " + allowed + " allowed");
            this.allowed = allowed;
        }

        String allowed() {
            return allowed;
        }
    }
}
