package org.couchtck.kit.endpoint;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a request step expects of the reply; every part is optional.
 *
 * @param status matcher on the status code
 * @param headers header name (any case) to matcher on its first value; a missing header is no value
 * @param body matcher on the body parsed as JSON; an empty body is no value
 * @param bodyText matcher on the body as text
 */
public record ReplyExpectation(Optional<Expected> status, Map<String, Expected> headers, Optional<Expected> body,
        Optional<Expected> bodyText) {

    /** No expectation: any reply. */
    public static final ReplyExpectation NONE = new ReplyExpectation(Optional.empty(), Map.of(), Optional.empty(),
            Optional.empty());

    public ReplyExpectation {
        Objects.requireNonNull(status, "status");
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(bodyText, "bodyText");
    }
}
