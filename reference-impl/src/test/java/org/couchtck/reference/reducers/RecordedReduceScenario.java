package org.couchtck.reference.reducers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.collation.ViewCollation;
import org.couchtck.reference.queryserver.QueryServer;
import org.couchtck.reference.queryserver.QueryServerOptions;

/**
 * One recorded {@code shared/couchdb-http/reduce} scenario, read per database: the views its design documents
 * define, the map rows its documents give (through the reference JavaScript query server, as couchjs would emit
 * them), the design documents CouchDB refused, and the view queries with CouchDB's answers.
 */
record RecordedReduceScenario(String id, Map<String, Database> databases, List<DesignSave> saves) {

    /** A database of the scenario: its views ({@code ddoc/view} to map and reduce source) and its documents. */
    record Database(String name, Map<String, View> views, List<JsonNode> docs, List<Query> queries) {
    }

    record View(String map, String reduce) {
    }

    /** A design document save and CouchDB's answer. */
    record DesignSave(String label, JsonNode views, int status, JsonNode body) {
    }

    /** A view query: its decoded parameters and CouchDB's answer. */
    record Query(String label, String view, Map<String, String> params, int status, JsonNode body) {
    }

    static final ObjectMapper JSON = new ObjectMapper();

    static RecordedReduceScenario read(Path file) {
        JsonNode scenario;
        try {
            scenario = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Database> databases = new LinkedHashMap<>();
        List<DesignSave> saves = new ArrayList<>();
        for (JsonNode exchange : scenario.get("exchanges")) {
            JsonNode request = exchange.get("request");
            JsonNode response = exchange.get("response");
            String[] path = request.get("path").asText().split("\\?", 2)[0].split("/");
            String method = request.get("method").asText();
            int status = response.get("status").asInt();
            if (path.length < 2) {
                continue;
            }
            Database db = databases.computeIfAbsent(path[1],
                    name -> new Database(name, new LinkedHashMap<>(), new ArrayList<>(), new ArrayList<>()));
            if (method.equals("POST") && path.length == 3 && path[2].equals("_bulk_docs")) {
                assertThat(status).as("%s bulk write", file).isEqualTo(201);
                request.get("body").get("docs").forEach(db.docs()::add);
            } else if (method.equals("PUT") && path.length == 4 && path[2].equals("_design")) {
                JsonNode views = request.get("body").get("views");
                saves.add(new DesignSave(exchange.get("label").asText(), views, status, response.get("body")));
                if (status == 201) {
                    views.properties().forEach(view -> db.views().put(path[3] + "/" + view.getKey(), new View(
                            view.getValue().get("map").asText(), view.getValue().path("reduce").asText(null))));
                }
            } else if (method.equals("GET") && path.length == 6 && path[4].equals("_view")) {
                Map<String, String> params = new LinkedHashMap<>();
                request.path("query").forEach(p -> params.put(p.get(0).asText(), p.get(1).asText()));
                db.queries().add(new Query(exchange.get("label").asText(), path[3] + "/" + path[5], params, status,
                        response.get("body")));
            }
        }
        return new RecordedReduceScenario(scenario.get("id").asText(), databases, saves);
    }

    /** The rows of a view over the database's documents, in view order (key by collation, then doc id). */
    static List<KeyValue> mapRows(Database db, String view) {
        List<KeyValue> rows = new ArrayList<>();
        try (QueryServer server = new QueryServer(QueryServerOptions.defaults())) {
            call(server, JSON.createArrayNode().add("reset"));
            call(server, JSON.createArrayNode().add("add_fun").add(db.views().get(view).map()));
            for (JsonNode doc : db.docs()) {
                JsonNode emitted = call(server, JSON.createArrayNode().add("map_doc").add(doc)).get(0);
                emitted.forEach(kv -> rows.add(new KeyValue(kv.get(0), doc.get("_id").asText(), kv.get(1))));
            }
        }
        rows.sort((a, b) -> ViewCollation.COUCHDB.compareRows(a.key(), a.docId(), b.key(), b.docId()));
        return rows;
    }

    private static JsonNode call(QueryServer server, JsonNode line) {
        try {
            return JSON.readTree(server.handle(JSON.writeValueAsString(line)).reply().orElseThrow());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A JSON query parameter ({@code query} in the recording is already decoded), or null when absent. */
    static JsonNode param(Query query, String name) {
        String value = query.params().get(name);
        try {
            return value == null ? null : JSON.readTree(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
