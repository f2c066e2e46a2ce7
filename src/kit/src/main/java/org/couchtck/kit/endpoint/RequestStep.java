package org.couchtck.kit.endpoint;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A request and what its reply must be.
 *
 * @param index position in the case (or in the feed's {@code during} list), from 0
 * @param request what to send
 * @param expect what the reply must be
 * @param capture variable to JSON pointer into the parsed body
 * @param captureHeaders variable to header name
 * @param afterMillis for a step of a feed's {@code during}: when to send it, in ms after the feed's headers came;
 *     for a step of the case: how long to wait, after the step before it ended, before sending it
 * @param poll when present, the step is sent again until {@code expect} holds, within the poll's bound
 * @param timeoutMillis how long the reply may take, in ms; 0 for the run's request timeout
 */
public record RequestStep(int index, RequestTemplate request, ReplyExpectation expect, Map<String, String> capture,
        Map<String, String> captureHeaders, long afterMillis, Optional<Poll> poll, long timeoutMillis)
        implements HttpStep {

    public RequestStep {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(expect, "expect");
        Objects.requireNonNull(poll, "poll");
        capture = Collections.unmodifiableMap(new LinkedHashMap<>(capture));
        captureHeaders = Collections.unmodifiableMap(new LinkedHashMap<>(captureHeaders));
    }

    /** How long the reply may take: the step's own bound, or {@code runTimeout}. */
    public Duration timeout(Duration runTimeout) {
        return timeoutMillis > 0 ? Duration.ofMillis(timeoutMillis) : runTimeout;
    }
}
