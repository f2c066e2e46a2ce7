package org.couchtck.kit.endpoint;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A streaming request held open while other requests run, read until a stop condition, then checked.
 *
 * @param index position in the case, from 0
 * @param kind how the body is read
 * @param request the feed's request
 * @param during request steps run in order, on the case's thread, once the feed's headers came
 * @param until when the kit stops reading
 * @param expect what the feed must have delivered
 * @param capture variable to JSON pointer into {@code {"status", "events", "heartbeats", "lastSeq", "lastLine",
 *     "body"}}
 */
public record FeedStep(int index, FeedKind kind, RequestTemplate request, List<RequestStep> during, FeedUntil until,
        FeedExpectation expect, Map<String, String> capture) implements HttpStep {

    public FeedStep {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(request, "request");
        during = List.copyOf(during);
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(expect, "expect");
        capture = Collections.unmodifiableMap(new LinkedHashMap<>(capture));
    }
}
