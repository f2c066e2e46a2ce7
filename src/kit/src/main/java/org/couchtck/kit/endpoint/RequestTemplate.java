package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A request as a step writes it, variables unfilled.
 *
 * @param method the HTTP method, e.g. {@code GET}
 * @param path path and query, starting with {@code /}; variables in it are percent-encoded when filled in
 * @param headers header name to value template, in fixture order
 * @param body a JSON body, sent compactly
 * @param bodyText a body sent verbatim (exclusive with {@code body})
 * @param auth who the request is sent as
 */
public record RequestTemplate(String method, String path, Map<String, String> headers, Optional<JsonNode> body,
        Optional<String> bodyText, Auth auth) {

    public RequestTemplate {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(bodyText, "bodyText");
        Objects.requireNonNull(auth, "auth");
    }

    /** {@code METHOD path}, as step messages name the request. */
    public String shown() {
        return method + " " + path;
    }
}
