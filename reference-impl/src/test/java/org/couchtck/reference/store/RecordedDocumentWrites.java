package org.couchtck.reference.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The document writes of CouchDB's recorded exchanges ({@code shared/couchdb-http}) that got a revision id, each
 * taken back to what {@code couch_db:new_revid/1} hashed: deleted flag, previous revision and body. Writes that
 * cannot be taken back are counted by reason, never dropped silently.
 */
final class RecordedDocumentWrites {

    /** One write to check: {@code recordedRev} is the id CouchDB answered. */
    record Write(String where, boolean deleted, long oldStart, byte[] oldRev, ObjectNode body, String recordedRev) {
    }

    /** The writes to check, what was skipped (reason to count), and how many writes recreated a deleted document. */
    record Result(List<Write> writes, Map<String, Integer> skipped, int recreations) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();

    /** The last revision a scenario's writes gave a document, to know what a write without {@code _rev} follows. */
    private record Leaf(long pos, String hash, boolean deleted) {
    }

    private final List<Write> writes = new ArrayList<>();
    private final Map<String, Integer> skipped = new TreeMap<>();
    private final Map<String, Map<String, Leaf>> leaves = new HashMap<>();
    private int recreations;

    private RecordedDocumentWrites() {
    }

    static Result read(Path recordings) throws IOException {
        RecordedDocumentWrites reader = new RecordedDocumentWrites();
        List<Path> scenarios;
        try (Stream<Path> files = Files.walk(recordings, 2)) {
            // <section>/<id>.json; config.json beside the sections is no scenario
            scenarios = files.filter(p -> p.toString().endsWith(".json") && !p.getParent().equals(recordings))
                    .sorted()
                    .toList();
        }
        for (Path scenario : scenarios) {
            reader.leaves.clear(); // each scenario creates and drops its own databases
            JsonNode exchanges = JSON.readTree(scenario.toFile()).get("exchanges");
            for (int i = 0; i < exchanges.size(); i++) {
                reader.exchange(scenario.getFileName() + " #" + i, exchanges.get(i));
            }
        }
        return new Result(List.copyOf(reader.writes), reader.skipped, reader.recreations);
    }

    private void exchange(String where, JsonNode exchange) {
        JsonNode request = exchange.get("request");
        JsonNode response = exchange.get("response");
        String method = request.get("method").asText();
        if (method.equals("GET") || method.equals("HEAD")) {
            return;
        }
        int status = response.path("status").asInt(0);
        boolean success = status >= 200 && status < 300;
        List<String> path = segments(request.get("path").asText());
        String db = path.get(0);
        String docId = docId(path);
        JsonNode reply = response.path("body");
        where = where + " " + method + " " + request.get("path").asText();
        if (path.size() == 1 && success && (method.equals("PUT") || method.equals("DELETE"))) {
            leaves.remove(db); // a database created or dropped: no documents yet
        } else if (path.size() == 1 && success && method.equals("POST") && reply.path("rev").isTextual()) {
            single(where, request, db, reply.get("id").asText(), false, reply.get("rev").asText());
        } else if (path.size() == 2 && path.get(1).equals("_bulk_docs") && success && method.equals("POST")) {
            bulk(where, request, db, reply);
        } else if (docId != null && success && reply.path("rev").isTextual()
                && (method.equals("PUT") || method.equals("DELETE"))) {
            single(where, request, db, docId, method.equals("DELETE"), reply.get("rev").asText());
        } else if (success && (reply.path("rev").isTextual()
                || response.path("headers").has("X-Couch-Update-NewRev"))) {
            skip("other write (attachment, update function, COPY)");
        }
    }

    private void single(String where, JsonNode request, String db, String id, boolean deleteRequest, String rev) {
        // a DELETE hashes chttpd's {"_rev": ..., "_deleted": true}, whose body is empty, whatever the request carried
        JsonNode doc = deleteRequest ? JSON.createObjectNode() : requestBody(request);
        if (doc == null) {
            skip("request body not a JSON object or multipart");
            return;
        }
        String explicitRev = request.path("query").isArray() ? queryValue(request.get("query"), "rev") : null;
        if (explicitRev == null && request.path("headers").path("If-Match").isTextual()) {
            explicitRev = request.get("headers").get("If-Match").asText().replace("\"", "");
        }
        write(where, db, id, (ObjectNode) doc, deleteRequest, explicitRev, rev);
    }

    private void bulk(String where, JsonNode request, String db, JsonNode replies) {
        JsonNode body = requestBody(request);
        if (body == null || !body.path("docs").isArray() || !replies.isArray()) {
            skip("request body not a JSON object or multipart");
            return;
        }
        boolean newEdits = body.path("new_edits").asBoolean(true);
        JsonNode docs = body.get("docs");
        for (int i = 0; i < docs.size() && i < replies.size(); i++) {
            JsonNode reply = replies.get(i);
            if (!reply.path("rev").isTextual() || reply.has("error")) {
                continue; // refused: no revision was made
            }
            if (!newEdits || !docs.get(i).isObject()) {
                skip("_bulk_docs new_edits=false (the client names the revisions)");
                continue;
            }
            write(where + " docs[" + i + "]", db, reply.get("id").asText(), (ObjectNode) docs.get(i), false, null,
                    reply.get("rev").asText());
        }
    }

    private void write(String where, String db, String id, ObjectNode doc, boolean deleteRequest, String explicitRev,
            String recordedRev) {
        boolean deleted = deleteRequest || doc.path("_deleted").isBoolean() && doc.get("_deleted").booleanValue();
        Map<String, Leaf> docs = leaves.computeIfAbsent(db, d -> new HashMap<>());
        Leaf previous = docs.get(id);
        docs.put(id, leaf(recordedRev, deleted));
        String rev = doc.path("_rev").isTextual() ? doc.get("_rev").asText() : explicitRev;
        if (db.startsWith("_")) {
            skip("system database (_users: the password salt is random)");
        } else if (id.startsWith("_local/")) {
            skip("local document (its rev is a counter, not a hash)");
        } else if (doc.path("_attachments").size() > 0) {
            skip("inline attachments (digest of the gzip-encoded data)");
        } else if (doc.has("_revisions")) {
            skip("_revisions given (none recorded)");
        } else if (rev != null) {
            Leaf parent = leaf(rev, false);
            writes.add(new Write(where, deleted, parent.pos(), revIdBytes(parent.hash()), RevisionIds.bodyOf(doc),
                    recordedRev));
        } else if (previous == null) {
            writes.add(new Write(where, deleted, 0, null, RevisionIds.bodyOf(doc), recordedRev));
        } else if (previous.deleted() && !deleted) {
            // couch_db_updater:merge_rev_tree recreates a deleted document on top of its deleted winner
            recreations++;
            writes.add(new Write(where, false, previous.pos(), revIdBytes(previous.hash()), RevisionIds.bodyOf(doc),
                    recordedRev));
        } else {
            skip("no rev given for a document that exists");
        }
    }

    private void skip(String reason) {
        skipped.merge(reason, 1, Integer::sum);
    }

    /** The request body as JSON; null when it is neither JSON nor a JSON object sent verbatim as text. */
    private static JsonNode requestBody(JsonNode request) {
        if (request.path("headers").path("Content-Type").asText("").startsWith("multipart/")) {
            return null;
        }
        JsonNode body = request.path("body");
        if (body.isTextual() && request.path("body_sent_verbatim").asBoolean(false)) {
            try {
                body = JSON.readTree(body.asText());
            } catch (IOException notJson) {
                return null;
            }
        }
        return body.isObject() ? body : null;
    }

    private static String queryValue(JsonNode query, String name) {
        for (JsonNode pair : query) {
            if (pair.get(0).asText().equals(name)) {
                return pair.get(1).asText();
            }
        }
        return null;
    }

    private static Leaf leaf(String rev, boolean deleted) {
        int dash = rev.indexOf('-');
        return new Leaf(Long.parseLong(rev.substring(0, dash)), rev.substring(dash + 1), deleted);
    }

    /** As couch_doc:parse_revid: a 32-digit id is held as its 16 bytes. */
    private static byte[] revIdBytes(String hash) {
        return hash.length() == 32 ? HEX.parseHex(hash) : hash.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> segments(String rawPath) {
        int query = rawPath.indexOf('?');
        String path = query < 0 ? rawPath : rawPath.substring(0, query);
        List<String> segments = new ArrayList<>();
        for (String raw : path.substring(1).split("/", -1)) {
            // percent-decoding only: a '+' in a path is a plus
            segments.add(URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8));
        }
        return segments;
    }

    /** The document id a path names exactly (no attachment or handler after it), or null. */
    private static String docId(List<String> path) {
        if (path.size() == 2 && (!path.get(1).startsWith("_") || path.get(1).startsWith("_design/")
                || path.get(1).startsWith("_local/"))) {
            return path.get(1);
        }
        if (path.size() == 3 && (path.get(1).equals("_design") || path.get(1).equals("_local"))) {
            return path.get(1) + "/" + path.get(2);
        }
        return null;
    }
}
