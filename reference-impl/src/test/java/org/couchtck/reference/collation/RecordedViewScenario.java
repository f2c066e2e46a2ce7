package org.couchtck.reference.collation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One recorded view collation scenario of {@code shared/couchdb-http/views}, read as the rows its documents emit
 * ({@code emit(doc.k, null)} for every document with a {@code k}), the collation of each view as its design document
 * asked, and the view requests with the rows CouchDB answered.
 */
record RecordedViewScenario(String id, List<Row> emitted, Map<String, ViewCollation> collations,
        List<Query> queries) {

    /** A view row: the emitting document's id and its key. */
    record Row(String id, JsonNode key) {
    }

    /**
     * A recorded view request and CouchDB's answer.
     *
     * @param view {@code <design doc name>/<view name>}
     * @param params the decoded query parameters, in request order
     */
    record Query(String label, String view, List<List<String>> params, List<Row> rows, int offset, int totalRows) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    static RecordedViewScenario read(Path file) throws IOException {
        JsonNode scenario = JSON.readTree(file.toFile());
        List<Row> emitted = new ArrayList<>();
        Map<String, ViewCollation> collations = new HashMap<>();
        List<Query> queries = new ArrayList<>();
        for (JsonNode exchange : scenario.get("exchanges")) {
            JsonNode request = exchange.get("request");
            JsonNode response = exchange.get("response");
            String[] path = request.get("path").asText().split("\\?", 2)[0].split("/");
            String method = request.get("method").asText();
            if (method.equals("POST") && path[path.length - 1].equals("_bulk_docs")) {
                assertThat(response.get("status").asInt()).as("%s bulk write", file).isEqualTo(201);
                for (JsonNode doc : request.get("body").get("docs")) {
                    if (doc.has("k")) {
                        emitted.add(new Row(doc.get("_id").asText(), JsEmitted.of(doc.get("k"))));
                    }
                }
            } else if (method.equals("PUT") && path.length == 4 && path[2].equals("_design")) {
                request.get("body").get("views").properties().forEach(view -> collations.put(
                        path[3] + "/" + view.getKey(), ViewCollation.forOptions(view.getValue().get("options"))));
            } else if (method.equals("GET") && path.length == 6 && path[4].equals("_view")) {
                assertThat(response.get("status").asInt()).as("%s", exchange.get("label")).isEqualTo(200);
                List<List<String>> params = new ArrayList<>();
                request.path("query").forEach(p -> params.add(List.of(p.get(0).asText(), p.get(1).asText())));
                JsonNode body = response.get("body");
                List<Row> rows = new ArrayList<>();
                body.get("rows").forEach(r -> rows.add(new Row(r.get("id").asText(), r.get("key"))));
                queries.add(new Query(exchange.get("label").asText(), path[3] + "/" + path[5], params, rows,
                        body.get("offset").asInt(), body.get("total_rows").asInt()));
            }
        }
        return new RecordedViewScenario(scenario.get("id").asText(), emitted, collations, queries);
    }
}
