package org.couchtck.kit.endpoint;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a feed step expects of what the feed delivered; every part is optional.
 *
 * @param status matcher on the status code
 * @param headers header name (any case) to matcher on its first value
 * @param events matcher on the array of events, in order
 * @param heartbeats matcher on the number of heartbeats
 * @param ended who must have ended the response
 * @param lastSeq matcher on the {@code last_seq} the feed ended with (no value when none)
 * @param lastLine matcher on the whole {@code last_seq} object of a continuous feed (no value when none)
 * @param body matcher on the whole body parsed as one JSON value (no value when it is not one)
 * @param bodyText matcher on the whole body as text
 * @param broken matcher on how the connection broke (no value when it did not)
 * @param anyOf alternatives, of which at least one must hold besides the parts above (where targets may differ, as
 *     CouchDB 3.5.2 breaking a stream other servers keep); empty for none
 */
public record FeedExpectation(Optional<Expected> status, Map<String, Expected> headers, Optional<Expected> events,
        Optional<Expected> heartbeats, Optional<FeedEnd> ended, Optional<Expected> lastSeq,
        Optional<Expected> lastLine, Optional<Expected> body, Optional<Expected> bodyText, Optional<Expected> broken,
        List<FeedExpectation> anyOf) {

    public FeedExpectation {
        Objects.requireNonNull(status, "status");
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(heartbeats, "heartbeats");
        Objects.requireNonNull(ended, "ended");
        Objects.requireNonNull(lastSeq, "lastSeq");
        Objects.requireNonNull(lastLine, "lastLine");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(bodyText, "bodyText");
        Objects.requireNonNull(broken, "broken");
        anyOf = List.copyOf(anyOf);
    }
}
