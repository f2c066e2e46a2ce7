package org.couchtck.reference.endpoint;

import java.io.IOException;

/** {@code /db/_design/d/<action>/...} for the design-document functions CouchDB serves over HTTP. */
final class DesignFunctionRoutes {

    private final ShowRoute shows;
    private final ListRoute lists;
    private final UpdateRoute updates;

    DesignFunctionRoutes(ShowRoute shows, ListRoute lists, UpdateRoute updates) {
        this.shows = shows;
        this.lists = lists;
        this.updates = updates;
    }

    static boolean serves(String action) {
        return "_show".equals(action) || "_list".equals(action) || "_update".equals(action);
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        switch (request.segment(3)) {
            case "_show" -> shows.handle(request, response);
            case "_list" -> lists.handle(request, response);
            default -> updates.handle(request, response);
        }
    }
}
