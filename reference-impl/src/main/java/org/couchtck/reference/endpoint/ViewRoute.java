package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.views.DesignDefinition;
import org.couchtck.reference.views.DesignIndex;
import org.couchtck.reference.views.IndexSource;
import org.couchtck.reference.views.MapResult;
import org.couchtck.reference.views.ReducedRow;
import org.couchtck.reference.views.ViewDefinition;
import org.couchtck.reference.views.ViewIndexes;
import org.couchtck.reference.views.ViewQuery;
import org.couchtck.reference.views.ViewQueryException;
import org.couchtck.reference.views.ViewRow;

/**
 * {@code /db/_design/d/_view/v} (GET, POST with {@code keys}) and {@code /db/_design/d/_info}: view queries answered
 * from the design document's index, brought up to date first unless {@code update} says otherwise, framed as
 * CouchDB's chttpd frames them (a row a line, {@code \r\n} between).
 */
final class ViewRoute {

    /** couch_index commits an updated index's header this long after the update. */
    private static final long COMMIT_DELAY_MILLIS = 5_000;

    private final DatabaseRoutes databases;
    private final ViewIndexes indexes;
    private final ViewServers functions;
    private final ViewReducers reducers;
    private final QueryServerPool pool;
    private final ExecutorService background;

    ViewRoute(DatabaseRoutes databases, ViewIndexes indexes, ViewServers functions, ViewReducers reducers,
            QueryServerPool pool, ExecutorService background) {
        this.databases = databases;
        this.indexes = indexes;
        this.functions = functions;
        this.reducers = reducers;
        this.pool = pool;
        this.background = background;
    }

    /** Whether the route serves a path {@code /db/_design/name/<action>}. */
    static boolean serves(String action) {
        return "_view".equals(action) || "_info".equals(action);
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        String action = request.segment(3);
        if ("_info".equals(action)) {
            info(request, response);
            return;
        }
        String viewName = request.segment(4);
        if (viewName == null) {
            throw CouchError.methodNotAllowed("GET,POST,HEAD");
        }
        Methods.allow(request, "GET,POST,HEAD");
        Database opened = databases.open(request);
        // the design document comes from a quorum; the rows from one copy, as fabric_view reads them
        Database db = databases.readCopy(opened);
        Resolved resolved = resolve(request, opened, db, request.segment(2), viewName);
        ViewParams params = resolved.params();
        DesignIndex index = resolved.index();
        IndexSource source = source(db);
        if (params.update() == ViewParams.Update.TRUE) {
            index.update(source, functions);
        }
        String text;
        try {
            text = resolved.query().reduce() ? reduceReply(reduced(resolved), params, index)
                    : mapReply(db, mapped(resolved, db), params, index);
        } catch (ViewQueryException e) {
            throw new CouchError(400, "query_parse_error", e.getMessage());
        }
        ApiResponse.Stream stream = response.stream(200, ApiResponse.JSON_TYPE);
        stream.write(text);
        stream.end();
        if (params.update() == ViewParams.Update.LAZY) {
            background.execute(() -> index.update(source, functions));
        }
    }

    /** A view a request names, with its parameters read and its index found. */
    private record Resolved(DesignDefinition design, int viewNumber, ViewDefinition view, ViewParams params,
            ViewQuery query, DesignIndex index) {}

    /**
     * The view {@code viewName} of {@code _design/<designName>} and the request's query of it: 404 for a missing view,
     * 400 for parameters it cannot take, 500 for a language no query server serves.
     */
    private Resolved resolve(ApiRequest request, Database db, Database copy, String designName, String viewName) {
        DesignDefinition design = design(db, designName);
        int viewNumber = design.views().indexOf(design.view(viewName)
                .orElseThrow(() -> CouchError.notFound("missing_named_view")));
        ViewDefinition view = design.views().get(viewNumber);
        ViewParams params = ViewParams.from(request);
        ViewQuery query;
        try {
            query = params.toQuery(view.reduces());
        } catch (ViewQueryException e) {
            throw new CouchError(400, "query_parse_error", e.getMessage());
        }
        if (!pool.serves(design.language())) {
            throw new QueryServerPool.UnknownLanguage(design.language());
        }
        return new Resolved(design, viewNumber, view, params, query, indexes.indexFor(copy.name(), copy.indexKey(),
                design));
    }

    private List<ReducedRow> reduced(Resolved r) throws ViewQueryException {
        return r.index().reduce(r.viewNumber(), r.query(), reducers.forView(r.design(), r.view()));
    }

    private static MapResult mapped(Resolved r, Database db) throws ViewQueryException {
        return r.index().map(r.viewNumber(), r.query(), db.shards());
    }

    /** A view's head and rows as a list function gets them (couch_mrview_show:list_cb). */
    record ListInput(ObjectNode head, List<ObjectNode> rows) {}

    /**
     * The rows of view {@code viewName} of {@code _design/<designName>} for a list: the request's view parameters
     * apply; a map view's head is {@code {total_rows, offset}}, a reduce view's is empty.
     */
    ListInput listInput(ApiRequest request, Database opened, String designName, String viewName) {
        Database db = databases.readCopy(opened);
        Resolved resolved = resolve(request, opened, db, designName, viewName);
        ViewParams params = resolved.params();
        DesignIndex index = resolved.index();
        if (params.update() != ViewParams.Update.FALSE) {
            index.update(source(db), functions);
        }
        ObjectNode head = Json.object();
        List<ObjectNode> rows = new java.util.ArrayList<>();
        try {
            if (resolved.query().reduce()) {
                for (ReducedRow row : reduced(resolved)) {
                    ObjectNode json = Json.object();
                    json.set("key", row.key());
                    json.set("value", row.value());
                    rows.add(json);
                }
            } else {
                MapResult result = mapped(resolved, db);
                head.put("total_rows", result.totalRows());
                head.put("offset", result.offset());
                for (ViewRow row : result.rows()) {
                    rows.add(mapRow(db, row, params));
                }
            }
        } catch (ViewQueryException e) {
            throw new CouchError(400, "query_parse_error", e.getMessage());
        }
        if (params.updateSeq()) {
            head.set("update_seq", SeqCodec.json(db, index.indexedSeq()));
        }
        return new ListInput(head, rows);
    }

    /** A map row as views and lists give it: id, key, value, and the linked document with include_docs. */
    private static ObjectNode mapRow(Database db, ViewRow row, ViewParams params) {
        ObjectNode json = Json.object();
        json.put("id", row.id());
        json.set("key", row.key());
        json.set("value", row.value());
        if (params.includeDocs()) {
            json.set("doc", linkedDocument(db, row, params));
        }
        return json;
    }

    private String mapReply(Database db, MapResult result, ViewParams params, DesignIndex index) {
        List<ObjectNode> rows = new ArrayList<>();
        for (ViewRow row : result.rows()) {
            rows.add(mapRow(db, row, params));
        }
        Optional<JsonNode> updateSeq = params.updateSeq() ? Optional.of(SeqCodec.json(db, index.indexedSeq()))
                : Optional.empty();
        return RowsReply.map(LongNode.valueOf(result.totalRows()), LongNode.valueOf(result.offset()), updateSeq, rows);
    }

    private String reduceReply(List<ReducedRow> rows, ViewParams params, DesignIndex index) {
        StringBuilder out = new StringBuilder("{");
        if (params.updateSeq()) {
            out.append("\"update_seq\":").append(index.indexedSeq()).append(',');
        }
        out.append("\"rows\":[\r\n");
        boolean first = true;
        for (ReducedRow row : rows) {
            if (!first) {
                out.append(",\r\n");
            }
            first = false;
            ObjectNode json = Json.object();
            json.set("key", row.key());
            if (row.failure().isPresent()) {
                json.put("error", row.failure().get().error());
                json.put("reason", row.failure().get().reason());
            } else {
                json.set("value", row.value());
            }
            out.append(Json.write(json));
        }
        return out.append("\r\n]}\n").toString();
    }

    /**
     * The document of a row for {@code include_docs}: the one an emitted {@code {"_id": ...}} value names (at its
     * {@code _rev} when given), else the emitting one; {@code null} when it is missing or deleted.
     */
    private static JsonNode linkedDocument(Database db, ViewRow row, ViewParams params) {
        String id = row.id();
        Optional<String> rev = Optional.empty();
        if (row.value().isObject() && row.value().path("_id").isTextual()) {
            id = row.value().get("_id").asText();
            rev = Optional.ofNullable(row.value().path("_rev").textValue());
        }
        Optional<DocumentState> doc = db.get(id);
        if (doc.isEmpty()) {
            return Json.MAPPER.nullNode();
        }
        var node = rev.flatMap(r -> doc.get().leaves().stream().filter(l -> l.rev().toString().equals(r)).findFirst())
                .orElse(doc.get().winner());
        if (node.deleted()) {
            return Json.MAPPER.nullNode();
        }
        return DocumentJson.render(doc.get(), node,
                new DocumentJson.Options(false, params.conflicts(), false, params.attachments()));
    }

    private void info(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "GET");
        Database db = databases.open(request);
        String name = request.segment(2);
        DesignDefinition design = design(db, name);
        DesignIndex index = indexes.indexFor(db.name(), db.indexKey(), design);
        long pending = db.changes(index.indexedSeq(), false, Long.MAX_VALUE).rows().size();
        ObjectNode body = Json.object();
        body.put("name", name);
        ObjectNode viewIndex = body.putObject("view_index");
        ObjectNode updates = viewIndex.putObject("updates_pending");
        updates.put("minimum", pending);
        updates.put("preferred", pending);
        updates.put("total", pending);
        viewIndex.put("waiting_commit", index.waitingCommit(COMMIT_DELAY_MILLIS));
        viewIndex.put("waiting_clients", 0);
        viewIndex.put("updater_running", index.building());
        viewIndex.put("update_seq", index.indexedSeq());
        ObjectNode sizes = viewIndex.putObject("sizes");
        sizes.put("file", 0);
        sizes.put("external", 0);
        sizes.put("active", 0);
        viewIndex.put("signature", design.signature());
        viewIndex.put("purge_seq", 0);
        viewIndex.put("language", design.language());
        viewIndex.put("compact_running", false);
        viewIndex.putArray("collator_versions").add(ViewReducers.collatorVersion());
        response.json(200, body);
    }

    private static DesignDefinition design(Database db, String name) {
        String id = "_design/" + name;
        DocumentState doc = db.get(id).filter(d -> !d.deleted())
                .orElseThrow(() -> CouchError.notFound("missing"));
        return DesignDefinition.of(id, doc.winner().body());
    }

    /** The database as the indexer reads it. */
    static IndexSource source(Database db) {
        return IndexSource.of(db, document -> DocumentJson.render(document, document.winner(),
                DocumentJson.Options.PLAIN));
    }
}
