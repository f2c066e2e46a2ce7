package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.couchtck.reference.store.ClusterLayout;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.Store;
import org.couchtck.reference.store.WriteResult;

/** Requests on a database itself: create, info, delete, POST a document, {@code _bulk_docs}, {@code _all_docs}. */
final class DatabaseRoutes {

    private static final String NAME_RULES = "Only lowercase characters (a-z), digits (0-9), and any of the characters"
            + " _, $, (, ), +, -, and / are allowed. Must begin with a letter.";

    static final int DEFAULT_Q = 2;

    private final Store store;
    private final DocumentWrites writes;
    private final AllDocsRoute allDocs;

    DatabaseRoutes(Store store, DocumentWrites writes) {
        this.store = store;
        this.writes = writes;
        this.allDocs = new AllDocsRoute(this);
    }

    boolean isSystemDatabase(String name) {
        return name.equals("_users") || name.equals("_replicator") || name.equals("_global_changes");
    }

    /** The database the request names, after the name and access checks CouchDB makes. */
    Database open(ApiRequest request) {
        String name = request.segment(0);
        if (name.startsWith("_") && !Store.isLegalName(name)) {
            // an unknown handler: CouchDB looks it up as a database and finds none
            throw CouchError.notFound("Database does not exist.");
        }
        checkName(name);
        Database db = store.get(name).orElseThrow(() -> CouchError.notFound("Database does not exist."));
        Access.requireMember(request, db.security());
        return db;
    }

    void handleDatabase(ApiRequest request, ApiResponse response) throws IOException {
        switch (request.method()) {
            case "PUT" -> create(request, response);
            case "GET", "HEAD" -> info(store.readCopy(open(request)), response);
            case "DELETE" -> delete(request, response);
            case "POST" -> postDocument(request, response);
            default -> throw CouchError.methodNotAllowed("DELETE,GET,HEAD,POST,PUT");
        }
    }

    private void create(ApiRequest request, ApiResponse response) throws IOException {
        String name = request.segment(0);
        Access.requireAdmin(request);
        checkName(name);
        // [cluster] q's default, as CouchDB 3.5.2's default.ini sets it
        int q = request.param("q").map(DatabaseRoutes::shards).orElse(DEFAULT_Q);
        if (store.create(name, q).isEmpty()) {
            throw new CouchError(412, "file_exists", "The database could not be created, the file already exists.");
        }
        response.header("Location", Locations.of(request, name));
        response.json(writes.status(201), ok());
    }

    private void delete(ApiRequest request, ApiResponse response) throws IOException {
        String name = request.segment(0);
        Access.requireAdmin(request);
        checkName(name);
        if (request.param("rev").isPresent()) {
            throw CouchError.badRequest("You tried to DELETE a database with a ?=rev parameter. "
                    + "Did you mean to DELETE a document instead?");
        }
        if (!store.delete(name)) {
            throw CouchError.notFound("Database does not exist.");
        }
        response.json(writes.status(200), ok());
    }

    private void info(Database db, ApiResponse response) throws IOException {
        response.json(200, info(db, store.layout()));
    }

    /** The copy of {@code db} that serves a read fabric answers from one copy ({@link Store#readCopy}). */
    Database readCopy(Database db) {
        return store.readCopy(db);
    }

    /** Brings every copy of {@code db} up to it ({@link Store#repair}). */
    void repair(Database db) {
        store.repair(db);
    }

    /** The cluster the store simulates, or a single node. */
    ClusterLayout layout() {
        return store.layout();
    }

    /** The database's info on a single node. */
    static ObjectNode info(Database db) {
        return info(db, ClusterLayout.SINGLE_NODE);
    }

    /** The database's info, as GET /db answers it and as filters see it in {@code req.info}. */
    static ObjectNode info(Database db, ClusterLayout layout) {
        long[] counts = db.docCounts();
        ObjectNode body = Json.object();
        body.put("instance_start_time", Long.toString(db.instanceStartMicros() / 1_000_000));
        body.put("db_name", db.name());
        body.put("purge_seq", SeqCodec.encode(db.uuid(), 0));
        body.put("update_seq", SeqCodec.encode(db.uuid(), db.updateSeq()));
        ObjectNode sizes = body.putObject("sizes");
        sizes.put("file", 0);
        sizes.put("external", 0);
        sizes.put("active", 0);
        body.putObject("props");
        body.put("doc_del_count", counts[1]);
        body.put("doc_count", counts[0]);
        body.put("disk_format_version", 8);
        body.put("compact_running", false);
        ObjectNode cluster = body.putObject("cluster");
        cluster.put("q", db.shards());
        cluster.put("n", layout.n());
        cluster.put("w", layout.w());
        cluster.put("r", layout.r());
        return body;
    }

    private void postDocument(ApiRequest request, ApiResponse response) throws IOException {
        Database db = open(request);
        requireJsonContent(request);
        JsonNode json = request.jsonBody();
        String id = json.isObject() && json.has("_id") ? null : UUID.randomUUID().toString().replace("-", "");
        DocumentWrite write = DocumentJson.fromClient(json, id, null);
        writes.reply(request, response, db, write, true, false);
    }

    void bulkDocs(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "POST");
        Database db = open(request);
        requireJsonContent(request);
        JsonNode body = request.jsonBody();
        if (!body.isObject() || !body.has("docs")) {
            throw CouchError.badRequest("POST body must include `docs` parameter.");
        }
        if (!body.get("docs").isArray()) {
            throw CouchError.badRequest("`docs` parameter must be an array.");
        }
        boolean newEdits = !body.has("new_edits") || body.get("new_edits").asBoolean(true);
        List<DocumentWrite> docs = new ArrayList<>();
        for (JsonNode doc : body.get("docs")) {
            String id = doc.isObject() && doc.has("_id") ? null : UUID.randomUUID().toString().replace("-", "");
            DocumentWrite write = DocumentJson.fromClient(doc, id, null);
            if (!newEdits && write.rev() == null) {
                throw CouchError.badRequest("When `new_edits: false`, the document needs `_rev` or `_revisions` specified");
            }
            docs.add(writes.prepare(db, write));
        }
        ArrayNode out = Json.MAPPER.createArrayNode();
        if (newEdits) {
            for (WriteResult r : writes.write(request, db, docs)) {
                ObjectNode row = WriteReplies.row(r);
                if (r instanceof WriteResult.Written w && (writes.acceptsOnly() || w.accepted())) {
                    // chttpd_db update_doc_result_to_json({accepted, Rev})
                    row.put("accepted", true);
                }
                out.add(row);
            }
        } else {
            for (DocumentWrites.ReplicationRefusal r : writes.replicate(request, db, docs)) {
                ObjectNode row = Json.object();
                row.put("id", r.refused().id());
                row.put("rev", r.rev());
                row.put("error", r.refused().error());
                row.put("reason", r.refused().reason());
                out.add(row);
            }
        }
        boolean anyAccepted = out.findValues("accepted").stream().anyMatch(JsonNode::asBoolean);
        response.json(anyAccepted ? 202 : writes.status(201), out);
    }

    /** {@code _all_docs}, {@code _design_docs}, {@code _local_docs} and their {@code /queries}. */
    void allDocs(ApiRequest request, ApiResponse response) throws IOException {
        allDocs.handle(request, response);
    }

    void security(ApiRequest request, ApiResponse response) throws IOException {
        Database db = open(request);
        switch (request.method()) {
            case "GET", "HEAD" -> response.json(200, db.security());
            case "PUT" -> {
                Access.requireAdmin(request);
                JsonNode body = request.jsonBody();
                if (!body.isObject()) {
                    throw CouchError.badRequest("Security object must be a JSON object");
                }
                db.setSecurity(body);
                response.json(200, ok());
            }
            default -> throw CouchError.methodNotAllowed("GET,PUT,HEAD");
        }
    }

    static void requireJsonContent(ApiRequest request) {
        String type = request.header("Content-Type").orElse("");
        if (!type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            throw new CouchError(415, "bad_content_type", "Content-Type must be application/json");
        }
    }

    private static void checkName(String name) {
        if (!Store.isLegalName(name)) {
            throw new CouchError(400, "illegal_database_name", "Name: '" + name + "'. " + NAME_RULES);
        }
    }

    private static int shards(String text) {
        try {
            int q = Integer.parseInt(text);
            if (q > 0) {
                return q;
            }
        } catch (NumberFormatException e) {
            // the same error as zero
        }
        throw CouchError.badRequest("q must be a positive integer");
    }

    static ObjectNode ok() {
        ObjectNode ok = Json.object();
        ok.put("ok", true);
        return ok;
    }
}
