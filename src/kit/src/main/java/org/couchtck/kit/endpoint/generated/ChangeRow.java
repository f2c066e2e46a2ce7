package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * One row of a {@code _changes} feed as a reader got it.
 *
 * @param seq the row's seq, opaque: only compared for equality and used to resume
 * @param id the document id
 * @param revs the revisions of {@code changes} (with style=all_docs: every leaf), in the order given
 * @param deleted whether the row says {@code deleted: true}
 * @param receivedAt when the reader had it ({@link System#nanoTime()})
 * @param response which reply of the reader it came in (0 for every row of a streaming reader's first connection)
 */
record ChangeRow(JsonNode seq, String id, Set<String> revs, boolean deleted, long receivedAt, int response) {

    /** The row {@code json} is; empty when it is no change row (no id, no changes). */
    static Optional<ChangeRow> parse(JsonNode json, long receivedAt, int response) {
        if (json == null || !json.isObject() || !json.path("id").isTextual() || !json.path("changes").isArray()) {
            return Optional.empty();
        }
        Set<String> revs = new LinkedHashSet<>();
        for (JsonNode change : json.get("changes")) {
            if (!change.path("rev").isTextual()) {
                return Optional.empty();
            }
            revs.add(change.get("rev").asText());
        }
        JsonNode seq = json.get("seq");
        return Optional.of(new ChangeRow(seq == null ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : seq,
                json.get("id").asText(), revs, json.path("deleted").asBoolean(false), receivedAt, response));
    }

    /** The seq as a {@code since=} value: a string's text, a number's digits, anything else as JSON. */
    static String sinceText(JsonNode seq) {
        return seq.isTextual() ? seq.asText() : seq.toString();
    }

    /** The row as the report shows it. */
    String shown() {
        return id + " " + revs + (deleted ? " deleted" : "") + " at seq " + sinceText(seq);
    }
}
