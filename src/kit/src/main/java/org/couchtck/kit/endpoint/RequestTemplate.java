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
 * @param to where the request goes: the endpoint, or one of the kit's stand-ins around it
 * @param chunked whether the body is sent with {@code Transfer-Encoding: chunked} instead of a Content-Length
 */
public record RequestTemplate(String method, String path, Map<String, String> headers, Optional<JsonNode> body,
        Optional<String> bodyText, Auth auth, Recipient to, boolean chunked) {

    /** A request to the endpoint, its body (if any) sent with a Content-Length. */
    public RequestTemplate(String method, String path, Map<String, String> headers, Optional<JsonNode> body,
            Optional<String> bodyText, Auth auth) {
        this(method, path, headers, body, bodyText, auth, Recipient.ENDPOINT, false);
    }

    public RequestTemplate {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(bodyText, "bodyText");
        Objects.requireNonNull(auth, "auth");
        Objects.requireNonNull(to, "to");
    }

    /** {@code METHOD path}, as step messages name the request; {@code (to backend) METHOD path} for a stand-in's. */
    public String shown() {
        return (to == Recipient.ENDPOINT ? "" : "(to " + to.id() + ") ") + method + " " + path;
    }
}
