package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One scenario of {@code shared/couchdb-http/<section>/<id>.json}, read as its README describes the format: the
 * exchanges in the order they were sent, each with the request as sent and CouchDB 3.5.2's response.
 */
record RecordedScenario(String id, String section, String description, List<RecordedScenario.Exchange> exchanges) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The scenarios of one section, by id. */
    static List<RecordedScenario> readSection(Path recordings, String section) throws IOException {
        Path dir = recordings.resolve(section);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<RecordedScenario> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                out.add(read(file));
            }
        }
        return out;
    }

    static RecordedScenario read(Path file) throws IOException {
        JsonNode json = JSON.readTree(file.toFile());
        List<Exchange> exchanges = new ArrayList<>();
        JsonNode list = json.get("exchanges");
        for (int i = 0; i < list.size(); i++) {
            exchanges.add(new Exchange(i, list.get(i)));
        }
        return new RecordedScenario(json.get("id").asText(), json.get("section").asText(),
                json.path("description").asText(""), List.copyOf(exchanges));
    }

    /** The password the scenario's setup gave the {@code _users} user {@code name}, in the document it PUT. */
    Optional<String> passwordOf(String name) {
        for (Exchange e : exchanges) {
            if (e.method().equals("PUT") && e.path().startsWith("/_users/org.couchdb.user:" + name)) {
                JsonNode body = e.request().path("body");
                if (body.path("password").isTextual()) {
                    return Optional.of(body.get("password").asText());
                }
            }
        }
        return Optional.empty();
    }

    /** One request and CouchDB's response to it. */
    record Exchange(int index, JsonNode json) {

        long tMs() {
            return json.path("t_ms").asLong();
        }

        /** Sent by the second client thread while a feed was open. */
        boolean isWriter() {
            return "writer".equals(json.path("thread").asText());
        }

        String label() {
            return json.path("label").asText("");
        }

        JsonNode request() {
            return json.get("request");
        }

        JsonNode response() {
            return json.get("response");
        }

        String method() {
            return request().get("method").asText();
        }

        /** The path and query exactly as sent (percent-encoded). */
        String path() {
            return request().get("path").asText();
        }

        /** The path's segments before the query, still encoded. */
        List<String> segments() {
            String p = path();
            int q = p.indexOf('?');
            List<String> out = new ArrayList<>();
            for (String s : (q < 0 ? p : p.substring(0, q)).split("/")) {
                if (!s.isEmpty()) {
                    out.add(s);
                }
            }
            return out;
        }

        /** The last value of a decoded query parameter. */
        Optional<String> queryParam(String name) {
            String value = null;
            for (JsonNode pair : request().path("query")) {
                if (pair.get(0).asText().equals(name)) {
                    value = pair.get(1).asText();
                }
            }
            return Optional.ofNullable(value);
        }

        /** The request headers as the recording names them ({@code Authorization} symbolic). */
        Map<String, String> requestHeaders() {
            Map<String, String> out = new LinkedHashMap<>();
            request().path("headers").fields().forEachRemaining(f -> out.put(f.getKey(), f.getValue().asText()));
            return out;
        }

        /** The request body as the text that was sent. */
        Optional<String> requestBody() {
            JsonNode req = request();
            if (!req.has("body")) {
                return Optional.empty();
            }
            JsonNode body = req.get("body");
            if (req.path("body_sent_verbatim").asBoolean(false)) {
                return Optional.of(body.asText());
            }
            try {
                return Optional.of(JSON.writeValueAsString(body));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The status, or null when the server closed the connection without a response. */
        Integer status() {
            JsonNode status = response().get("status");
            return status == null || status.isNull() ? null : status.asInt();
        }

        /** A response header, by the name the recording uses. */
        Optional<String> header(String name) {
            JsonNode value = response().path("headers").get(name);
            return value == null || value.isNull() ? Optional.empty() : Optional.of(value.asText());
        }

        String bodyKind() {
            return response().path("body_kind").asText("");
        }

        JsonNode body() {
            return response().get("body");
        }

        /** The exact body text, recorded when it is not compact JSON and a newline. */
        Optional<String> bodyRaw() {
            JsonNode raw = response().get("body_raw");
            return raw == null || raw.isNull() ? Optional.empty() : Optional.of(raw.asText());
        }

        boolean isStream() {
            return response().has("stream");
        }

        List<StreamChunk> chunks() {
            List<StreamChunk> out = new ArrayList<>();
            for (JsonNode c : response().path("stream").path("chunks")) {
                out.add(new StreamChunk(c.get("rel_ms").asLong(), c.get("data").asText()));
            }
            return out;
        }

        private JsonNode end() {
            return response().path("stream").path("end");
        }

        /** Whether the server ended the stream (rather than the client closing it after a while). */
        boolean endedByServer() {
            return "server".equals(end().path("by").asText());
        }

        /** How the stream ended: last-chunk, content-length, eof, malformed-chunked-encoding, close-after. */
        String endHow() {
            return end().path("how").asText();
        }

        long endRelMs() {
            return end().path("rel_ms").asLong();
        }

        /** How long the client read before it closed the stream, in ms (0 when the server ended it). */
        long closeAfterMillis() {
            return Math.round(end().path("close_after_s").asDouble(0) * 1000);
        }
    }
}
