package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.queryserver.QueryServer;
import org.couchtck.reference.queryserver.QueryServerOptions;

/**
 * Runs design-document functions as CouchDB does: by protocol lines to a JavaScript query server, here the reference
 * one in-process. One server, used by one request at a time (CouchDB would check one out of its pool); a server that
 * exited is replaced.
 */
final class DesignFunctions implements AutoCloseable {

    private QueryServer server;
    private final java.util.Set<String> knownDdocs = new java.util.HashSet<>();

    /** {@code ["ddoc", id, ["filters", name], [docs, req]]}: one boolean per document. */
    synchronized List<Boolean> filter(ObjectNode ddoc, String name, List<ObjectNode> docs, ObjectNode req) {
        ArrayNode args = Json.MAPPER.createArrayNode();
        ArrayNode docArray = args.addArray();
        docs.forEach(docArray::add);
        args.add(req);
        return booleans(call(ddoc, List.of("filters", name), args));
    }

    /** {@code ["ddoc", id, ["views", name, "map"], [docs]]}: whether the map function emits for each document. */
    synchronized List<Boolean> viewFilter(ObjectNode ddoc, String name, List<ObjectNode> docs) {
        ArrayNode args = Json.MAPPER.createArrayNode();
        ArrayNode docArray = args.addArray();
        docs.forEach(docArray::add);
        return booleans(call(ddoc, List.of("views", name, "map"), args));
    }

    private JsonNode call(ObjectNode ddoc, List<String> path, ArrayNode args) {
        QueryServer qs = server();
        String id = ddoc.path("_id").asText();
        String key = id + "@" + ddoc.path("_rev").asText();
        if (!knownDdocs.contains(key)) {
            ArrayNode line = Json.MAPPER.createArrayNode().add("ddoc").add("new").add(id);
            line.add(ddoc);
            expectOk(send(qs, line));
            knownDdocs.add(key);
        }
        ArrayNode line = Json.MAPPER.createArrayNode().add("ddoc").add(id);
        ArrayNode fn = line.addArray();
        path.forEach(fn::add);
        line.add(args);
        JsonNode reply = send(qs, line);
        if (reply.isArray() && reply.size() == 2 && reply.get(0).asBoolean(false)) {
            return reply.get(1);
        }
        throw new CouchError(500, "unknown_error", "unnamed_error");
    }

    private JsonNode send(QueryServer qs, JsonNode line) {
        var response = qs.handle(Json.write(line));
        if (response.exits()) {
            close();
        }
        String reply = response.reply().orElseThrow(() -> new CouchError(500, "os_process_error", "no reply"));
        try {
            return Json.MAPPER.readTree(reply);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new CouchError(500, "os_process_error", "unparsable reply");
        }
    }

    private static void expectOk(JsonNode reply) {
        if (!reply.asBoolean(false)) {
            throw new CouchError(500, "compilation_error", reply.toString());
        }
    }

    private static List<Boolean> booleans(JsonNode results) {
        List<Boolean> out = new ArrayList<>();
        for (JsonNode r : results) {
            out.add(r.isArray() ? !r.isEmpty() : r.asBoolean(false));
        }
        return out;
    }

    private QueryServer server() {
        if (server == null || server.hasExited()) {
            server = new QueryServer(QueryServerOptions.defaults());
            knownDdocs.clear();
            server.handle("[\"reset\",{\"reduce_limit\":true,\"timeout\":5000}]");
        }
        return server;
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            server.close();
            server = null;
        }
        knownDdocs.clear();
    }
}
