package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link FeedReader} read of one feed.
 *
 * @param events the events in order; empty when unknown (a longpoll body that did not end, or has no results)
 * @param heartbeats how many heartbeats came
 * @param lastSeq the last_seq the feed ended with, when one came
 * @param lastLine the whole last_seq object of a continuous feed, when one came
 * @param body the whole body parsed as one JSON value, when it is one
 * @param bodyText the whole body as text, cut at {@link FeedReader#MAX_BODY_CHARS}
 * @param ended who ended the response: the server, or the kit (by the bound, by enough events, by a fault)
 * @param stopped why the reading stopped, in words, with the time since the request was sent
 * @param problem a fault of the server that ended the reading (a line over the cap, a line that is not JSON)
 * @param broken how the connection broke, when it did (reset, broken chunked framing, another response inside it)
 */
public record FeedResult(Optional<ArrayNode> events, int heartbeats, Optional<JsonNode> lastSeq,
        Optional<JsonNode> lastLine, Optional<JsonNode> body, String bodyText, FeedEnd ended, String stopped,
        Optional<String> problem, Optional<String> broken) {

    public FeedResult {
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(lastSeq, "lastSeq");
        Objects.requireNonNull(lastLine, "lastLine");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(bodyText, "bodyText");
        Objects.requireNonNull(ended, "ended");
        Objects.requireNonNull(stopped, "stopped");
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(broken, "broken");
    }
}
