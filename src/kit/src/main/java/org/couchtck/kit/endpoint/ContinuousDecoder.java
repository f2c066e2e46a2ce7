package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * {@code feed=continuous}: each non-empty line is one JSON value, an event, except an object with {@code last_seq},
 * which ends the feed; an empty line before it is a heartbeat (the one CouchDB sends after it is not). A line that is
 * not JSON is a fault of the server.
 */
final class ContinuousDecoder implements FeedDecoder {

    private int lines;

    @Override
    public void line(String text, FeedLog log) {
        lines++;
        if (text.isBlank()) {
            if (log.lastLine == null) {
                log.heartbeats++;
            }
            return;
        }
        JsonNode value;
        try {
            value = WireJson.parse(text);
        } catch (MalformedLineException e) {
            log.problem = "line " + lines + " of the feed is not JSON: " + e.getMessage();
            return;
        }
        if (value.isObject() && value.has("last_seq")) {
            log.lastSeq = value.get("last_seq");
            log.lastLine = value;
        } else {
            log.events.add(value);
        }
    }
}
