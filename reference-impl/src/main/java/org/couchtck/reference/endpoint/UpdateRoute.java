package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.WriteResult;

/**
 * {@code /db/_design/d/_update/name[/docid]} as chttpd_show serves it: the function gets the document (null when
 * missing) and the request, and answers {@code ["up", doc|null, resp]}; a document is saved like any write
 * (validated, 409 on a stale {@code _rev}) and the reply is 201 with X-Couch-Update-NewRev and X-Couch-Id, otherwise
 * 200.
 */
final class UpdateRoute {

    private final DatabaseRoutes databases;
    private final DesignDocCalls calls;
    private final DocumentWrites writes;

    UpdateRoute(DatabaseRoutes databases, DesignDocCalls calls, DocumentWrites writes) {
        this.databases = databases;
        this.calls = calls;
        this.writes = writes;
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        if (!request.method().equals("POST") && !request.method().equals("PUT")) {
            throw new CouchError(405, "method_not_allowed", "Update functions do not allow " + request.method());
        }
        Database db = databases.open(request);
        ObjectNode ddoc = DesignDocs.open(db, request.segment(2));
        String name = request.segment(4);
        if (name == null) {
            throw new CouchError(404, "update_error", "Invalid path.");
        }
        DesignDocs.requireFunction(ddoc, "updates", name);
        DesignDocs.Target target = DesignDocs.target(request, db);
        String docId = target.id();
        JsonNode doc = target.doc();
        ArrayNode args = Json.MAPPER.createArrayNode().add(doc).add(DesignRequests.of(request, db, docId));
        JsonNode reply = calls.call(ddoc, List.of("updates", name), args);
        if (!(reply.isArray() && reply.size() == 3 && "up".equals(reply.get(0).asText(null)))) {
            throw DesignDocCalls.failure(reply);
        }
        JsonNode resp = reply.get(2);
        ObjectNode sent;
        if (reply.get(1).isObject()) {
            ObjectNode newDoc = (ObjectNode) reply.get(1);
            String id = newDoc.path("_id").asText(null);
            if (id == null) {
                throw CouchError.badRequest("Document id must be a string");
            }
            DocumentWrite write = DocumentJson.fromClient(newDoc, null, null);
            DocIds.check(write.id());
            WriteResult result = writes.write(request, db, List.of(writes.prepare(db, write))).get(0);
            if (result instanceof WriteResult.Refused r) {
                throw new CouchError(r.status(), r.error(), r.reason());
            }
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("X-Couch-Update-NewRev", ((WriteResult.Written) result).rev().toString());
            headers.put("X-Couch-Id", URLEncoder.encode(write.id(), StandardCharsets.UTF_8).replace("+", "%20"));
            sent = ExternalResponse.withHeaders(resp, headers);
            sent = codeFirst(sent, 201);
        } else {
            sent = codeFirst(resp.isObject() ? (ObjectNode) resp : Json.object(), 200);
        }
        ExternalResponse.parse(sent).send(response);
    }

    /** {@code {code: C, ...resp}}: the function's own code comes later and wins, as the fold in CouchDB makes it. */
    private static ObjectNode codeFirst(ObjectNode resp, int code) {
        ObjectNode out = Json.object();
        out.put("code", code);
        resp.properties().forEach(e -> out.set(e.getKey(), e.getValue()));
        return out;
    }
}
