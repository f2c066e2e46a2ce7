package org.couchtck.kit.endpoint;

import java.net.http.HttpHeaders;
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
 */
public record HttpReply(int status, HttpHeaders headers, String body, Optional<String> incomplete) {

    public HttpReply {
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(incomplete, "incomplete");
    }
}
