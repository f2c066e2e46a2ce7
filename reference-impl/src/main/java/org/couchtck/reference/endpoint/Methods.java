package org.couchtck.reference.endpoint;

import java.util.Arrays;

/** The 405 check every route starts with. */
final class Methods {

    private Methods() {}

    /** Throws CouchDB's 405 unless the request's method is one of {@code allowed} (comma-separated, CouchDB's order). */
    static void allow(ApiRequest request, String allowed) {
        if (Arrays.asList(allowed.split(",")).stream().noneMatch(m -> m.equals(request.method()))) {
            throw CouchError.methodNotAllowed(allowed);
        }
    }
}
