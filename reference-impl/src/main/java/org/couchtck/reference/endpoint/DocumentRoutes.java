package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Optional;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.Revision;
import org.couchtck.reference.store.RevisionNode;

/**
 * Requests on one document: GET (with {@code rev}, {@code revs}, {@code conflicts}, {@code attachments}), PUT, DELETE;
 * requests on its attachments go on to {@link AttachmentRoutes}.
 */
final class DocumentRoutes {

    private final DatabaseRoutes databases;
    private final DocumentWrites writes;
    private final AttachmentRoutes attachments;

    DocumentRoutes(DatabaseRoutes databases, DocumentWrites writes) {
        this.databases = databases;
        this.writes = writes;
        this.attachments = new AttachmentRoutes(writes);
    }

    /**
     * @param id the document id the path names
     * @param rest index of the first path segment after the id (an attachment name, if any)
     */
    void handle(ApiRequest request, ApiResponse response, String id, int rest) throws IOException {
        Database db = databases.open(request);
        if (request.segment(rest) != null) {
            if (id.startsWith("_local/")) {
                throw CouchError.badRequest("_local documents do not accept attachments.");
            }
            // an attachment name may hold slashes: the rest of the path is the name
            String name = String.join("/", request.segments().subList(rest, request.segments().size()));
            attachments.handle(request, response, db, id, name);
            return;
        }
        if (id.startsWith("_local/")) {
            local(request, response, db, id);
            return;
        }
        switch (request.method()) {
            case "GET", "HEAD" -> get(request, response, db, id);
            case "PUT" -> put(request, response, db, id);
            case "DELETE" -> delete(request, response, db, id);
            default -> throw CouchError.methodNotAllowed("DELETE,GET,HEAD,POST,PUT,COPY");
        }
    }

    private void get(ApiRequest request, ApiResponse response, Database db, String id) throws IOException {
        if (request.param("r").map(DocumentRoutes::number).orElse(0) >= databases.layout().n()
                && databases.layout().isCluster()) {
            // fabric_doc_open with r = n waits for every copy and repairs those that lack what the others have
            databases.repair(db);
        }
        Optional<String> revParam = request.param("rev");
        Revision wanted = revParam.map(DocumentJson::parseRev).orElse(null);
        DocumentState doc = db.get(id).orElseThrow(() -> CouchError.notFound("missing"));
        RevisionNode node = revisionToRead(doc, wanted);
        // chttpd_db: meta=true is revs_info, conflicts and deleted_conflicts; a read of a given rev shows no meta
        boolean latest = wanted == null;
        boolean meta = flag(request, "meta");
        DocumentJson.Options options = new DocumentJson.Options(flag(request, "revs"),
                latest && (meta || flag(request, "revs_info")), latest && (meta || flag(request, "conflicts")),
                latest && (meta || flag(request, "deleted_conflicts")), latest && flag(request, "local_seq"),
                AttachmentsJson.Shown.from(request));
        ObjectNode rendered = DocumentJson.render(doc, node, options);
        if (DocumentJson.hasMeta(rendered)) {
            // send_doc: "output etag only when we have no meta"
            response.json(200, rendered);
            return;
        }
        String etag = "\"" + node.rev() + "\"";
        if (request.header("If-None-Match").map(etag::equals).orElse(false)) {
            response.notModified(etag);
            return;
        }
        response.header("ETag", etag);
        response.json(200, rendered);
    }

    private void put(ApiRequest request, ApiResponse response, Database db, String id) throws IOException {
        JsonNode json = request.jsonBody();
        String queryRev = revisionOf(request);
        DocumentWrite write = DocumentJson.fromClient(json, id, queryRev);
        writes.reply(request, response, db, write, true, true);
    }

    private void delete(ApiRequest request, ApiResponse response, Database db, String id) throws IOException {
        String rev = revisionOf(request);
        DocIds.check(id);
        if (rev == null) {
            // CouchDB treats a DELETE without a revision as an update of nothing: a conflict
            throw new CouchError(409, "conflict", "Document update conflict.");
        }
        DocumentWrite write = new DocumentWrite(id, DocumentJson.parseRev(rev), true, Json.object(), null);
        writes.reply(request, response, db, write, false, true);
    }

    /** {@code _local} documents: kept apart, never in {@code _changes}, revisions {@code 0-N}, an opaque ETag. */
    private void local(ApiRequest request, ApiResponse response, Database db, String id) throws IOException {
        switch (request.method()) {
            case "GET", "HEAD" -> {
                Database.LocalDocument doc = db.getLocal(id).orElseThrow(() -> CouchError.notFound("missing"));
                com.fasterxml.jackson.databind.node.ObjectNode body = Json.object();
                body.put("_id", id);
                body.put("_rev", "0-" + doc.rev());
                body.setAll(doc.body());
                response.json(200, body);
            }
            case "PUT", "DELETE" -> {
                boolean delete = request.method().equals("DELETE");
                JsonNode json = delete ? null : request.jsonBody();
                String rev = request.param("rev").orElse(json == null ? null : json.path("_rev").asText(null));
                if (json != null && json.isObject()) {
                    json = ((com.fasterxml.jackson.databind.node.ObjectNode) json).deepCopy();
                    ((com.fasterxml.jackson.databind.node.ObjectNode) json).remove("_rev");
                }
                DocumentWrite write = delete ? null : DocumentJson.fromClient(json, id, null);
                String newRev = db.writeLocal(id, rev, delete || write.deleted(), delete ? null : write.body())
                        .orElseThrow(() -> new CouchError(409, "conflict", "Document update conflict."));
                com.fasterxml.jackson.databind.node.ObjectNode body = Json.object();
                body.put("ok", true);
                body.put("id", id);
                body.put("rev", newRev);
                response.header("ETag", "\"" + ChangesRoute.etag(db) + "\"");
                if (!delete) {
                    response.header("Location", Locations.of(request, db.name(), id));
                }
                response.json(delete ? 200 : 201, body);
            }
            default -> throw CouchError.methodNotAllowed("DELETE,GET,HEAD,POST,PUT,COPY");
        }
    }

    /** The revision a GET reads: the winner (404 {@code deleted} if it is a deletion), or the one {@code wanted}. */
    static RevisionNode revisionToRead(DocumentState doc, Revision wanted) {
        if (wanted == null) {
            if (doc.deleted()) {
                throw CouchError.notFound("deleted");
            }
            return doc.winner();
        }
        return doc.tree().find(wanted).orElseThrow(() -> CouchError.notFound("missing"));
    }

    /** {@code ?rev=} or {@code If-Match}; both, differing, is CouchDB's 400. */
    static String revisionOf(ApiRequest request) {
        String query = request.param("rev").orElse(null);
        String ifMatch = request.header("If-Match").map(DocumentRoutes::unquote).orElse(null);
        if (query != null && ifMatch != null && !query.equals(ifMatch)) {
            throw CouchError.badRequest("Document rev and etag have different values");
        }
        return query != null ? query : ifMatch;
    }

    private static boolean flag(ApiRequest request, String name) {
        return request.param(name).map("true"::equals).orElse(false);
    }

    private static String unquote(String etag) {
        return etag.length() >= 2 && etag.startsWith("\"") && etag.endsWith("\"")
                ? etag.substring(1, etag.length() - 1)
                : etag;
    }

    private static int number(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
