package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;

/**
 * {@code _all_docs}, {@code _design_docs} and {@code _local_docs} (and their {@code /queries}), answered as CouchDB
 * 3.5.2 answers them: streamed in chunks in the rows layout of views ({@link RowsReply}). {@code _design_docs} is the
 * id range of design documents, whose {@code total_rows} counts the design documents alone while {@code offset}
 * counts in the whole id order; {@code _local_docs} has neither (both null, and a null {@code update_seq}); a
 * {@code keys} query has a null offset, and on {@code _design_docs} lists only the keys of design documents. Among
 * {@code queries}, fabric makes a {@code keys} of one key a {@code key} query: a range, with an offset and no row for a
 * missing key.
 */
final class AllDocsRoute {

    /** Which documents a request lists. */
    enum Namespace {
        ALL, DESIGN, LOCAL;

        static Namespace of(String segment) {
            return switch (segment) {
                case "_design_docs" -> DESIGN;
                case "_local_docs" -> LOCAL;
                default -> ALL;
            };
        }
    }

    private static final String DESIGN_START = "_design/";
    private static final String DESIGN_END = "_design0";

    private final DatabaseRoutes databases;

    AllDocsRoute(DatabaseRoutes databases) {
        this.databases = databases;
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        Namespace namespace = Namespace.of(request.segment(1));
        // from one copy of the database, as fabric_view_all_docs reads it
        Database db = databases.readCopy(databases.open(request));
        if ("queries".equals(request.segment(2))) {
            Methods.allow(request, "POST");
            DatabaseRoutes.requireJsonContent(request);
            JsonNode queries = request.jsonBody().get("queries");
            if (queries == null || !queries.isArray()) {
                throw CouchError.badRequest("`queries` member must be an array.");
            }
            List<String> results = new ArrayList<>();
            for (JsonNode query : queries) {
                results.add(body(db, namespace, ViewRange.from(query).singleKeyAsRange(), false));
            }
            send(response, RowsReply.results(results));
            return;
        }
        if (request.segment(2) != null) {
            throw CouchError.notFound("missing");
        }
        Methods.allow(request, "GET,HEAD,POST");
        send(response, body(db, namespace, ViewRange.from(request), true));
    }

    private static void send(ApiResponse response, String body) throws IOException {
        ApiResponse.Stream stream = response.stream(200, ApiResponse.JSON_TYPE);
        stream.write(body);
        stream.end();
    }

    private String body(Database db, Namespace namespace, ViewRange range, boolean whole) {
        List<ObjectNode> rows = new ArrayList<>();
        JsonNode total;
        JsonNode offset;
        Optional<JsonNode> updateSeq = Optional.empty();
        if (namespace == Namespace.LOCAL) {
            total = NullNode.getInstance();
            offset = NullNode.getInstance();
            if (range.updateSeq()) {
                updateSeq = Optional.of(NullNode.getInstance());
            }
            localRows(db, range, rows);
        } else {
            List<DocumentState> live = new ArrayList<>(db.documents().stream()
                    .filter(d -> !d.deleted() && !d.id().startsWith("_local/"))
                    .sorted(Comparator.comparing(DocumentState::id)).toList());
            total = LongNode.valueOf(namespace == Namespace.DESIGN
                    ? live.stream().filter(d -> isDesign(d.id())).count() : live.size());
            if (range.updateSeq()) {
                updateSeq = Optional.of(TextNode.valueOf(SeqCodec.encode(db.uuid(), db.updateSeq())));
            }
            if (range.keys().isPresent()) {
                offset = NullNode.getInstance();
                for (JsonNode key : range.keys().get()) {
                    if (namespace != Namespace.DESIGN || key.isTextual() && isDesign(key.asText())) {
                        rows.add(keyRow(db, key, range));
                    }
                }
            } else {
                offset = LongNode.valueOf(rangeRows(live, namespace, range, rows));
            }
        }
        return whole ? RowsReply.map(total, offset, updateSeq, rows) : RowsReply.object(total, offset, updateSeq, rows);
    }

    /** Adds the rows of the range, and returns the offset: the live documents before the first row, in id order. */
    private static long rangeRows(List<DocumentState> live, Namespace namespace, ViewRange range,
            List<ObjectNode> rows) {
        List<DocumentState> ordered = new ArrayList<>(live);
        if (range.descending()) {
            Collections.reverse(ordered);
        }
        long offset = 0;
        long skipped = 0;
        for (DocumentState doc : ordered) {
            boolean inNamespace = namespace != Namespace.DESIGN || isDesign(doc.id());
            if (!inNamespace || !range.inRange(doc.id())) {
                if (rows.isEmpty() && (range.beforeStart(doc.id()) || beforeNamespace(namespace, doc.id(), range))) {
                    offset++;
                }
                continue;
            }
            if (skipped < range.skip()) {
                skipped++;
                offset++;
                continue;
            }
            if (rows.size() >= range.limit()) {
                break;
            }
            rows.add(row(doc, range));
        }
        return offset;
    }

    private static boolean isDesign(String id) {
        return id.compareTo(DESIGN_START) >= 0 && id.compareTo(DESIGN_END) < 0;
    }

    /** Whether a document outside the design namespace comes before it in the direction of the fold. */
    private static boolean beforeNamespace(Namespace namespace, String id, ViewRange range) {
        if (namespace != Namespace.DESIGN) {
            return false;
        }
        return range.descending() ? id.compareTo(DESIGN_END) >= 0 : id.compareTo(DESIGN_START) < 0;
    }

    private static void localRows(Database db, ViewRange range, List<ObjectNode> rows) {
        if (range.keys().isPresent()) {
            for (JsonNode key : range.keys().get()) {
                Optional<Database.LocalDocument> local = key.isTextual() ? db.getLocal(key.asText())
                        : Optional.empty();
                rows.add(local.map(l -> localRow(l, range)).orElseGet(() -> missing(key)));
            }
            return;
        }
        List<Database.LocalDocument> locals = new ArrayList<>(db.localDocuments());
        locals.sort(Comparator.comparing(Database.LocalDocument::id));
        if (range.descending()) {
            Collections.reverse(locals);
        }
        long skipped = 0;
        for (Database.LocalDocument local : locals) {
            if (!range.inRange(local.id())) {
                continue;
            }
            if (skipped++ < range.skip()) {
                continue;
            }
            if (rows.size() >= range.limit()) {
                break;
            }
            rows.add(localRow(local, range));
        }
    }

    private static ObjectNode localRow(Database.LocalDocument local, ViewRange range) {
        ObjectNode row = Json.object();
        String rev = "0-" + local.rev();
        row.put("id", local.id());
        row.put("key", local.id());
        row.putObject("value").put("rev", rev);
        if (range.includeDocs()) {
            ObjectNode doc = row.putObject("doc");
            doc.put("_id", local.id());
            doc.put("_rev", rev);
            doc.setAll(local.body());
        }
        return row;
    }

    private static ObjectNode missing(JsonNode key) {
        ObjectNode row = Json.object();
        row.set("key", key);
        row.put("error", "not_found");
        return row;
    }

    private static ObjectNode keyRow(Database db, JsonNode key, ViewRange range) {
        if (key.isTextual() && key.asText().startsWith("_local/")) {
            return db.getLocal(key.asText()).map(l -> localRow(l, range)).orElseGet(() -> missing(key));
        }
        Optional<DocumentState> doc = key.isTextual() ? db.get(key.asText()) : Optional.empty();
        if (doc.isEmpty()) {
            return missing(key);
        }
        if (doc.get().deleted()) {
            ObjectNode row = Json.object();
            row.put("id", doc.get().id());
            row.set("key", key);
            ObjectNode value = row.putObject("value");
            value.put("rev", doc.get().winner().rev().toString());
            value.put("deleted", true);
            if (range.includeDocs()) {
                row.putNull("doc");
            }
            return row;
        }
        return row(doc.get(), range);
    }

    private static ObjectNode row(DocumentState doc, ViewRange range) {
        ObjectNode row = Json.object();
        row.put("id", doc.id());
        row.put("key", doc.id());
        row.putObject("value").put("rev", doc.winner().rev().toString());
        if (range.includeDocs()) {
            row.set("doc", DocumentJson.render(doc, doc.winner(),
                    new DocumentJson.Options(false, range.conflicts(), false, range.attachments())));
        }
        return row;
    }
}
