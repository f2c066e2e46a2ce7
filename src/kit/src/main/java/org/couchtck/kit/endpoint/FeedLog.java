package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/** What a {@link FeedDecoder} found in a feed so far. Written and read by the feed's reading thread only. */
final class FeedLog {

    /** The events, in order; null while unknown (a longpoll body that has not ended, or has no results). */
    ArrayNode events;
    /** Heartbeats counted. */
    int heartbeats;
    /** The last_seq the feed ended with; null when none came. */
    JsonNode lastSeq;
    /** The object holding last_seq (continuous feeds); null when none came. */
    JsonNode lastLine;
    /** A fault that ends the reading (a line that is not JSON where JSON is due); null when none. */
    String problem;

    /**
     * A log for a feed whose events come one by one ({@code streaming}: the list starts empty) or with its whole body
     * (the list is unknown until then).
     */
    FeedLog(boolean streaming) {
        events = streaming ? JsonNodeFactory.instance.arrayNode() : null;
    }

    /** How many events came so far. */
    int eventCount() {
        return events == null ? 0 : events.size();
    }
}
