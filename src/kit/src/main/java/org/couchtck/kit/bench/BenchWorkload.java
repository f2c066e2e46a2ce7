package org.couchtck.kit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What the benchmark asks of the server: which function it installs and how documents become request lines. A
 * request line may carry several documents (a filter batch), so rates are always counted in documents.
 */
public enum BenchWorkload {

    /** {@code add_fun} then one {@code map_doc} per document, as the view indexer does. */
    MAP("function(doc) { if (doc.type === 'post' || doc.type === 'comment') "
            + "{ emit([doc.type, doc.n], doc.title); } emit(doc._id, doc.tags.length); }") {
        @Override
        List<String> setUp(String function) {
            return List.of(array().add("add_fun").add(function).toString());
        }

        @Override
        List<String> requests(List<ObjectNode> docs, int batch) {
            return docs.stream().map(doc -> array().add("map_doc").add(doc).toString()).toList();
        }

        @Override
        boolean answered(JsonNode reply) {
            return reply.isArray() && (reply.isEmpty() || reply.get(0).isArray());
        }
    },

    /**
     * The {@code map_doc} lines of {@link #MAP} with no function installed, any JSON reply taken: how many exchanges a
     * second the kit's own harness drives, against a server that answers at once (such as the echo test double).
     */
    ECHO("") {
        @Override
        List<String> setUp(String function) {
            return List.of();
        }

        @Override
        List<String> requests(List<ObjectNode> docs, int batch) {
            return MAP.requests(docs, batch);
        }

        @Override
        boolean answered(JsonNode reply) {
            return true;
        }
    },

    /** A design document with one show function, rendered once per document. */
    SHOW("function(doc, req) { return {json: {id: doc._id, type: doc.type, n: doc.n, q: req.query}, "
            + "headers: {'X-Bench': 'show'}}; }") {
        @Override
        List<String> setUp(String function) {
            ObjectNode ddoc = designDocument();
            ddoc.putObject("shows").put("s", function);
            return List.of(array().add("ddoc").add("new").add(DDOC_ID).add(ddoc).toString());
        }

        @Override
        List<String> requests(List<ObjectNode> docs, int batch) {
            List<String> lines = new ArrayList<>(docs.size());
            for (ObjectNode doc : docs) {
                ArrayNode line = array().add("ddoc").add(DDOC_ID);
                line.addArray().add("shows").add("s");
                line.addArray().add(doc).add(request(doc.get("_id").asText()));
                lines.add(line.toString());
            }
            return lines;
        }

        @Override
        boolean answered(JsonNode reply) {
            return reply.isArray() && reply.size() == 2 && "resp".equals(reply.get(0).asText());
        }
    },

    /** A design document with one filter function, fed documents in batches as the changes feed does. */
    FILTER("function(doc, req) { return doc.type === 'post' && doc.n % 2 === 0; }") {
        @Override
        List<String> setUp(String function) {
            ObjectNode ddoc = designDocument();
            ddoc.putObject("filters").put("f", function);
            return List.of(array().add("ddoc").add("new").add(DDOC_ID).add(ddoc).toString());
        }

        @Override
        List<String> requests(List<ObjectNode> docs, int batch) {
            List<String> lines = new ArrayList<>();
            for (int from = 0; from < docs.size(); from += batch) {
                ArrayNode line = array().add("ddoc").add(DDOC_ID);
                line.addArray().add("filters").add("f");
                ArrayNode args = line.addArray();
                docs.subList(from, Math.min(docs.size(), from + batch)).forEach(args.addArray()::add);
                args.add(request(null));
                lines.add(line.toString());
            }
            return lines;
        }

        @Override
        boolean answered(JsonNode reply) {
            return reply.isArray() && reply.size() == 2 && reply.get(0).asBoolean(false) && reply.get(1).isArray();
        }
    };

    static final String DDOC_ID = "_design/couchtck-bench";

    private final String defaultJavaScript;

    BenchWorkload(String defaultJavaScript) {
        this.defaultJavaScript = defaultJavaScript;
    }

    /** The JavaScript function used when none is given. */
    public String defaultJavaScript() {
        return defaultJavaScript;
    }

    /** Lines sent after the reset, each answered with {@code true}. */
    abstract List<String> setUp(String function);

    /** The timed request lines for {@code docs}. */
    abstract List<String> requests(List<ObjectNode> docs, int batch);

    /** Whether a reply is the kind of answer the workload expects (not an error). */
    abstract boolean answered(JsonNode reply);

    private static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    private static ObjectNode designDocument() {
        ObjectNode ddoc = JsonNodeFactory.instance.objectNode();
        ddoc.put("_id", DDOC_ID);
        ddoc.put("_rev", "1-bench");
        ddoc.put("language", "javascript");
        return ddoc;
    }

    /** A request object of the shape CouchDB sends (chttpd_external), trimmed to what stays the same per run. */
    private static ObjectNode request(String docId) {
        ObjectNode req = JsonNodeFactory.instance.objectNode();
        req.putObject("info").put("db_name", "bench").put("update_seq", "1").put("doc_count", 1);
        req.put("id", docId);
        req.put("method", "GET");
        ArrayNode path = req.putArray("path").add("bench").add("_design").add("couchtck-bench");
        if (docId != null) {
            path.add("_show").add("s").add(docId);
        }
        req.putObject("query").put("format", "json");
        req.putObject("headers").put("Accept", "application/json").put("Host", "127.0.0.1:5984");
        req.put("body", "undefined");
        req.put("peer", "127.0.0.1");
        req.putObject("form");
        req.putObject("cookie");
        req.putObject("userCtx").put("db", "bench").putNull("name").putArray("roles");
        req.putObject("secObj");
        return req;
    }
}
