package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code /_db_updates} is server-wide: the recording server also reported {@code _dbs} and earlier scenarios' databases
 * (NONDETERMINISM.md: foreign events). This tells a scenario's own events (about the databases it creates) from the
 * rest, in parsed bodies and in stream chunks.
 */
final class OwnEvents {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The prefix that joins rows of a normal or longpoll feed. */
    static final String ROW_SEPARATOR = ",\r\n";

    private final Set<String> databases;

    private OwnEvents(Set<String> databases) {
        this.databases = Set.copyOf(databases);
    }

    /** The databases the scenario creates with {@code PUT /<db>}. */
    static OwnEvents of(RecordedScenario scenario) {
        Set<String> names = new HashSet<>();
        for (RecordedScenario.Exchange e : scenario.exchanges()) {
            List<String> segments = e.segments();
            if (e.method().equals("PUT") && segments.size() == 1 && !segments.get(0).startsWith("_")) {
                names.add(URLDecoder.decode(segments.get(0), StandardCharsets.UTF_8));
            }
        }
        return new OwnEvents(names);
    }

    static boolean isEvent(JsonNode node) {
        return node != null && node.isObject() && node.has("db_name") && node.has("type");
    }

    boolean isOwn(JsonNode event) {
        return databases.contains(event.path("db_name").asText());
    }

    /** A copy of a feed body whose {@code results} keep only own events. */
    JsonNode withOwnResults(JsonNode body) {
        if (body == null || !body.isObject() || !body.path("results").isArray()) {
            return body;
        }
        ObjectNode copy = body.deepCopy();
        ArrayNode own = copy.putArray("results");
        body.get("results").forEach(e -> {
            if (!isEvent(e) || isOwn(e)) {
                own.add(e);
            }
        });
        return copy;
    }

    /** {@code "type db_name"} of each own event in a feed body's results. */
    List<String> ownEventNames(JsonNode body) {
        List<String> out = new ArrayList<>();
        body.path("results").forEach(e -> {
            if (isEvent(e) && isOwn(e)) {
                out.add(name(e));
            }
        });
        return out;
    }

    static String name(JsonNode event) {
        return event.path("type").asText() + " " + event.path("db_name").asText();
    }

    /** The event a stream chunk carries (a row, maybe after a row separator), or null. */
    static JsonNode eventIn(String chunk) {
        String text = chunk.startsWith(ROW_SEPARATOR) ? chunk.substring(ROW_SEPARATOR.length()) : chunk;
        if (text.startsWith("data: ")) {
            text = text.substring("data: ".length(), Math.max("data: ".length(), text.indexOf('\n')));
        }
        text = text.strip();
        if (!text.startsWith("{")) {
            return null;
        }
        try {
            JsonNode node = JSON.readTree(text);
            return isEvent(node) ? node : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** Whether a stream chunk carries an event about another scenario's (or the system's) database. */
    boolean isForeignChunk(String chunk) {
        JsonNode event = eventIn(chunk);
        return event != null && !isOwn(event);
    }
}
