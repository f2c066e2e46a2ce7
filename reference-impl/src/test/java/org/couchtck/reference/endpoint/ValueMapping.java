package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;

/**
 * Recorded values that legitimately differ on the reference (update sequences; revisions of {@code _users} documents,
 * which embed a random salt), mapped to what the reference answered in the same place: learnt by walking a recorded
 * and a replayed body side by side, and put back into later requests that reuse a recorded value ({@code since=},
 * {@code Last-Event-ID}, {@code ?rev=}). A recorded value met again where the reference now answers something else
 * is reported: CouchDB's seqs for the same state are the same string, so the reference's must be too.
 */
final class ValueMapping {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, String> recordedToActual = new LinkedHashMap<>();

    /** Learns from two parsed bodies; returns the inconsistencies found. */
    synchronized List<String> learn(JsonNode recorded, JsonNode actual, boolean usersDocument) {
        List<String> conflicts = new ArrayList<>();
        walk(recorded, actual, null, usersDocument, conflicts);
        return conflicts;
    }

    /**
     * Learns from two stream texts, line by line: each line that is JSON (after an eventsource {@code data: } or
     * {@code id: } prefix) is paired with the other side's line of the same rank among those {@code kept}.
     */
    synchronized List<String> learnLines(String recorded, String actual, Predicate<JsonNode> kept) {
        List<JsonNode> recordedValues = jsonLines(recorded, kept);
        List<JsonNode> actualValues = jsonLines(actual, kept);
        List<String> conflicts = new ArrayList<>();
        for (int i = 0; i < Math.min(recordedValues.size(), actualValues.size()); i++) {
            walk(recordedValues.get(i), actualValues.get(i), null, false, conflicts);
        }
        return conflicts;
    }

    /** The text with every mapped recorded value replaced, percent-encoded where the recording encoded it. */
    synchronized String substitute(String text) {
        String out = text;
        for (Map.Entry<String, String> e : recordedToActual.entrySet()) {
            out = out.replace(e.getKey(), e.getValue());
            String encoded = URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8);
            if (!encoded.equals(e.getKey())) {
                out = out.replace(encoded, URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    /** Recorded seqs in a request that no earlier answer mapped (the replay cannot send them meaningfully). */
    synchronized List<String> unmappedSeqs(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = BodyNormaliser.SEQ_TOKEN.matcher(text);
        while (m.find()) {
            if (BodyNormaliser.isSeq(m.group()) && !recordedToActual.containsKey(m.group())) {
                out.add(abbreviate(m.group()));
            }
        }
        return out;
    }

    private void walk(JsonNode recorded, JsonNode actual, String key, boolean usersDocument, List<String> conflicts) {
        if (recorded == null || actual == null) {
            return;
        }
        if (recorded.isTextual() && actual.isTextual()) {
            boolean usersRev = usersDocument && ("_rev".equals(key) || "rev".equals(key));
            if (BodyNormaliser.isSeq(recorded.asText()) || usersRev) {
                put(recorded.asText(), actual.asText(), conflicts);
            }
        } else if (recorded.isObject() && actual.isObject()) {
            recorded.fields().forEachRemaining(f -> walk(f.getValue(), actual.get(f.getKey()), f.getKey(),
                    usersDocument, conflicts));
        } else if (recorded.isArray() && actual.isArray()) {
            for (int i = 0; i < Math.min(recorded.size(), actual.size()); i++) {
                walk(recorded.get(i), actual.get(i), key, usersDocument, conflicts);
            }
        }
    }

    private void put(String recorded, String actual, List<String> conflicts) {
        String known = recordedToActual.putIfAbsent(recorded, actual);
        if (known != null && !known.equals(actual)) {
            conflicts.add("CouchDB answered " + abbreviate(recorded) + " here as before, the reference "
                    + abbreviate(actual) + " after " + abbreviate(known));
        }
    }

    private static List<JsonNode> jsonLines(String text, Predicate<JsonNode> kept) {
        List<JsonNode> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String value = line.strip();
            if (value.startsWith("data: ") || value.startsWith("id: ")) {
                value = value.substring(value.indexOf(' ') + 1);
            }
            if (value.startsWith(",")) {
                value = value.substring(1);
            }
            if (value.isEmpty()) {
                continue;
            }
            try {
                JsonNode node = JSON.readTree(value);
                if (node != null && kept.test(node)) {
                    out.add(node);
                }
            } catch (JsonProcessingException e) {
                // not a JSON line (the start or end of a feed): nothing to learn from it
            }
        }
        return out;
    }

    static String abbreviate(String value) {
        return value.length() <= 24 ? value : value.substring(0, 20) + "...";
    }
}
