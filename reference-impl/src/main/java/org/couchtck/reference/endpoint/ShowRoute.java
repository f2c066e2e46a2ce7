package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.store.Database;

/**
 * {@code /db/_design/d/_show/name[/docid]} as chttpd_show serves it: the show gets the document (null when the path
 * names none or a missing one) and the request object; its {@code ["resp", obj]} is sent with CouchDB's ETag and
 * {@code Vary: Accept}, and a matching If-None-Match is a 304 without running the function.
 */
final class ShowRoute {

    private final DatabaseRoutes databases;
    private final DesignDocCalls calls;

    ShowRoute(DatabaseRoutes databases, DesignDocCalls calls) {
        this.databases = databases;
        this.calls = calls;
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        Database db = databases.open(request);
        ObjectNode ddoc = DesignDocs.open(db, request.segment(2));
        String name = request.segment(4);
        if (name == null) {
            throw new CouchError(404, "show_error", "Invalid path.");
        }
        DesignDocs.requireFunction(ddoc, "shows", name);
        DesignDocs.Target target = DesignDocs.target(request, db);
        String docId = target.id();
        JsonNode doc = target.doc();
        String docRev = target.rev();
        String etag = DesignDocs.etag(ddoc.path("_rev").asText(), docRev, request.header("Accept").orElse(null),
                String.valueOf(request.user().roles()));
        if (request.header("If-None-Match").map(etag::equals).orElse(false)) {
            response.notModified(etag);
            return;
        }
        ArrayNode args = Json.MAPPER.createArrayNode().add(doc).add(DesignRequests.of(request, db, docId));
        JsonNode reply = calls.call(ddoc, List.of("shows", name), args);
        if (!(reply.isArray() && reply.size() == 2 && "resp".equals(reply.get(0).asText(null)))) {
            throw DesignDocCalls.failure(reply);
        }
        ExternalResponse.parse(ExternalResponse.withHeaders(reply.get(1), Map.of("ETag", etag, "Vary", "Accept")))
                .send(response);
    }
}
