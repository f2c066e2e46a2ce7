package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** Turns the lines of a feed's body into events, heartbeats and its last_seq, by the feed's kind. */
interface FeedDecoder {

    /** Takes one line of the body (without its {@code \n}). */
    void line(String text, FeedLog log);

    /** Takes the end of the body: {@code body} is all of it parsed as one JSON value, when it is one. */
    default void end(Optional<JsonNode> body, FeedLog log) {
    }

    /** The decoder for {@code kind}. */
    static FeedDecoder of(FeedKind kind) {
        return switch (kind) {
            case CONTINUOUS -> new ContinuousDecoder();
            case EVENTSOURCE -> new EventSourceDecoder();
            case LONGPOLL, NORMAL -> new WholeBodyDecoder();
        };
    }
}
