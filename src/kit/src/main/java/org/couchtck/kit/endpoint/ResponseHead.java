package org.couchtck.kit.endpoint;

import java.net.http.HttpHeaders;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The status line and headers of a response, and when they came.
 *
 * @param status the status code
 * @param headers the response headers (names case-insensitive)
 * @param at when the kit had them
 * @param setAside responses that came before this one on its connection and belong to other requests, one line each
 *     ("a response to another request (X-Couch-Request-ID ..., 500) came first and was set aside"); they were read
 *     past and not judged
 */
public record ResponseHead(int status, HttpHeaders headers, Instant at, List<String> setAside) {

    public ResponseHead {
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(at, "at");
        setAside = List.copyOf(setAside);
    }

    /** A head that came with nothing set aside before it. */
    public ResponseHead(int status, HttpHeaders headers, Instant at) {
        this(status, headers, at, List.of());
    }
}
