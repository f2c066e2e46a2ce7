package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.Optional;

/**
 * {@code feed=longpoll} and {@code feed=normal}: one JSON body; its {@code results} are the events and its
 * {@code last_seq} the last seq, known once the body ended. Empty lines in it are heartbeats.
 */
final class WholeBodyDecoder implements FeedDecoder {

    @Override
    public void line(String text, FeedLog log) {
        if (text.isBlank()) {
            log.heartbeats++;
        }
    }

    @Override
    public void end(Optional<JsonNode> body, FeedLog log) {
        if (body.isPresent() && body.get().isObject()) {
            JsonNode results = body.get().get("results");
            if (results != null && results.isArray()) {
                log.events = (ArrayNode) results;
            }
            JsonNode lastSeq = body.get().get("last_seq");
            if (lastSeq != null) {
                log.lastSeq = lastSeq;
            }
        }
    }
}
