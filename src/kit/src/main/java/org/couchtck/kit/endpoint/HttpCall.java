package org.couchtck.kit.endpoint;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One request, ready to send: every variable filled in, every header (Authorization included) decided.
 *
 * @param method the HTTP method
 * @param path path and query, percent-encoded, starting with {@code /}; resolved against the target's base URI
 * @param headers the headers, in order
 * @param body the body, sent as UTF-8; empty for none
 * @param timeout for {@link EndpointTarget#send}: the bound on the whole exchange; for {@link EndpointTarget#open}:
 *     on the wait for the response headers
 * @param chunked whether the body is sent with {@code Transfer-Encoding: chunked} instead of a Content-Length
 */
public record HttpCall(String method, String path, List<Header> headers, Optional<String> body, Duration timeout,
        boolean chunked) {

    /** A call whose body, if any, is sent with a Content-Length. */
    public HttpCall(String method, String path, List<Header> headers, Optional<String> body, Duration timeout) {
        this(method, path, headers, body, timeout, false);
    }

    /** One request header. */
    public record Header(String name, String value) {
        public Header {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    public HttpCall {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("a path starts with /: " + path);
        }
        headers = List.copyOf(headers);
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
    }

    /** The first value of header {@code name} (any case). */
    public Optional<String> header(String name) {
        return headers.stream().filter(h -> h.name().equalsIgnoreCase(name)).map(Header::value).findFirst();
    }
}
