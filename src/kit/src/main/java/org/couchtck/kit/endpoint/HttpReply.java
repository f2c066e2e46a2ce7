package org.couchtck.kit.endpoint;

import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The reply to a request.
 *
 * @param status the status code
 * @param headers the response headers (names case-insensitive)
 * @param body the body decoded as UTF-8 (malformed bytes as U+FFFD); what came of it when it is incomplete
 * @param incomplete why the body is not all there (over the size cap, did not end in time, the connection broke);
 *     empty when it is complete
 * @param setAside responses to other requests that came first and were not judged ({@link ResponseHead#setAside()})
 */
public record HttpReply(int status, HttpHeaders headers, String body, Optional<String> incomplete,
        List<String> setAside) {

    public HttpReply {
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(incomplete, "incomplete");
        setAside = List.copyOf(setAside);
    }

    /** A reply with nothing set aside before it. */
    public HttpReply(int status, HttpHeaders headers, String body, Optional<String> incomplete) {
        this(status, headers, body, incomplete, List.of());
    }
}
