package org.couchtck.kit.endpoint;

import java.net.http.HttpHeaders;
import java.time.Instant;
import java.util.Objects;

/**
 * The status line and headers of a response, and when they came.
 *
 * @param status the status code
 * @param headers the response headers (names case-insensitive)
 * @param at when the kit had them
 */
public record ResponseHead(int status, HttpHeaders headers, Instant at) {

    public ResponseHead {
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(at, "at");
    }
}
