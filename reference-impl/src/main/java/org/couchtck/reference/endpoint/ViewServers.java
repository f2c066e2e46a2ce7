package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.views.DesignDefinition;
import org.couchtck.reference.views.ViewDefinition;
import org.couchtck.reference.views.ViewFunctions;
import org.couchtck.reference.views.ViewRow;

/**
 * Map and reduce functions run on pooled query servers with CouchDB's protocol lines: a server is checked out and
 * {@code reset} with the query-server config, as couch_query_servers does, for each map session or reduce call.
 */
final class ViewServers implements ViewFunctions {

    private final QueryServerPool pool;
    private final NodeConfig config;

    ViewServers(QueryServerPool pool, NodeConfig config) {
        this.pool = pool;
        this.config = config;
    }

    @Override
    public MapSession openMap(DesignDefinition design) {
        QueryProcess process = checkOut(design.language());
        try {
            if (!design.lib().isEmpty()) {
                expectTrue(process.prompt(line("add_lib").add(design.lib())));
            }
            for (ViewDefinition view : design.views()) {
                JsonNode reply = process.prompt(line("add_fun").add(view.map()));
                if (!reply.asBoolean(false)) {
                    throw failure(reply, "compilation_error");
                }
            }
        } catch (RuntimeException e) {
            pool.checkIn(design.language(), process);
            throw e;
        }
        return new MapSession() {
            @Override
            public List<List<JsonNode[]>> map(ObjectNode doc) {
                JsonNode reply = process.prompt(line("map_doc").add(doc));
                if (!reply.isArray() || (reply.size() > 0 && reply.get(0).isTextual())) {
                    throw failure(reply, "os_process_error");
                }
                List<List<JsonNode[]>> perView = new ArrayList<>();
                for (JsonNode emits : reply) {
                    List<JsonNode[]> pairs = new ArrayList<>();
                    for (JsonNode pair : emits) {
                        pairs.add(new JsonNode[] {pair.get(0), pair.size() > 1 ? pair.get(1) : Json.MAPPER.nullNode()});
                    }
                    perView.add(pairs);
                }
                return perView;
            }

            @Override
            public void close() {
                pool.checkIn(design.language(), process);
            }
        };
    }

    @Override
    public JsonNode reduce(DesignDefinition design, String source, List<ViewRow> rows) {
        ArrayNode keyValues = Json.MAPPER.createArrayNode();
        for (ViewRow row : rows) {
            ArrayNode kv = keyValues.addArray();
            kv.addArray().add(row.key()).add(row.id());
            kv.add(row.value());
        }
        // 3.5.2 sends a fourth element, the reduce context; chttpd's view queries leave it empty
        return single(design, line("reduce").add(Json.MAPPER.createArrayNode().add(source)).add(keyValues).add(""));
    }

    @Override
    public JsonNode rereduce(DesignDefinition design, String source, List<JsonNode> reductions) {
        ArrayNode values = Json.MAPPER.createArrayNode();
        reductions.forEach(values::add);
        return single(design, line("rereduce").add(Json.MAPPER.createArrayNode().add(source)).add(values).add(""));
    }

    private JsonNode single(DesignDefinition design, ArrayNode line) {
        QueryProcess process = checkOut(design.language());
        try {
            JsonNode reply = process.prompt(line);
            if (reply.isArray() && reply.size() == 2 && reply.get(0).asBoolean(false) && reply.get(1).isArray()) {
                return reply.get(1).path(0);
            }
            if (reply.isArray() && reply.size() >= 3 && "error".equals(reply.get(0).asText(null))) {
                throw new ReduceFailure(reply.get(1).asText(), reply.get(2).asText());
            }
            throw failure(reply, "os_process_error");
        } finally {
            pool.checkIn(design.language(), process);
        }
    }

    boolean serves(String language) {
        return pool.serves(language);
    }

    /** Gives back a server {@link #checkOut} lent. */
    void checkIn(String language, QueryProcess process) {
        pool.checkIn(language, process);
    }

    /** A server of the language, reset as couch_query_servers resets one it checks out. */
    QueryProcess checkOut(String language) {
        QueryProcess process = pool.checkOut(language);
        try {
            reset(process);
        } catch (RuntimeException e) {
            pool.checkIn(language, process);
            throw e;
        }
        return process;
    }

    /** Sends {@code ["reset", config]} with the node's query-server config; anything but {@code true} fails. */
    void reset(QueryProcess process) {
        expectTrue(process.prompt(line("reset").add(resetConfig(config))));
    }

    /**
     * The query-server config CouchDB 3.5.2 resets a server with: {@code reduce_limit} (true, false or "log"),
     * {@code timeout}, and the overflow threshold and ratio, from {@code [query_server_config]}.
     */
    private static ObjectNode resetConfig(NodeConfig config) {
        ObjectNode queryConfig = Json.object();
        String limit = config.get("query_server_config", "reduce_limit").orElse("true");
        switch (limit) {
            case "false" -> queryConfig.put("reduce_limit", false);
            case "log" -> queryConfig.put("reduce_limit", "log");
            default -> queryConfig.put("reduce_limit", true);
        }
        queryConfig.put("timeout", Long.parseLong(config.get("couchdb", "os_process_timeout").orElse("5000")));
        queryConfig.put("reduce_limit_threshold",
                Long.parseLong(config.get("query_server_config", "reduce_limit_threshold").orElse("5000")));
        queryConfig.put("reduce_limit_ratio",
                Double.parseDouble(config.get("query_server_config", "reduce_limit_ratio").orElse("2.0")));
        return queryConfig;
    }

    private static ArrayNode line(String command) {
        return Json.MAPPER.createArrayNode().add(command);
    }

    private static void expectTrue(JsonNode reply) {
        if (!reply.asBoolean(false)) {
            throw failure(reply, "os_process_error");
        }
    }

    /** An error reply {@code ["error", name, reason]} (or anything unexpected) as CouchDB's 500. */
    private static CouchError failure(JsonNode reply, String fallback) {
        if (reply.isArray() && reply.size() >= 3 && "error".equals(reply.get(0).asText(null))) {
            return new CouchError(500, reply.get(1).asText(), reply.get(2).asText());
        }
        if (reply.isObject() && reply.has("error")) {
            return new CouchError(500, reply.get("error").asText(), reply.path("reason").asText());
        }
        return new CouchError(500, fallback, String.valueOf(reply));
    }
}
