package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.couchtck.reference.erlang.ErlangTermFormatter;

/**
 * The response object of a show, an update, a list head or an {@code _external} handler ({@code code}, {@code json},
 * {@code body}, {@code base64}, {@code headers}, {@code stop}) read as parse_external_response reads it (the same in
 * chttpd_external and 2.2.0's couch_httpd_external), and sent as send_external_response sends it: {@code json} as a
 * JSON reply (with a default Cache-Control), the others as they are with a default Content-Type; the {@link Sending}
 * says what differs between CouchDB's lines.
 */
record ExternalResponse(int code, JsonNode json, byte[] data, String defaultType, Map<String, String> headers) {

    /** How CouchDB's line sends the reply. */
    enum Sending {
        /** chttpd 3.x: {@code Content-Security-Policy: sandbox} on any reply but a JSON one (showlist CSP). */
        SANDBOXED,
        /** 2.2.0 (couch_httpd_external, chttpd_external): no CSP header. */
        PLAIN
    }

    /** The text before the {@code ~p} of the unknown key's error, from which Erlang's pretty printer counts columns. */
    private static final String INVALID = "Invalid data from external server: ";

    /**
     * Reads a response object; any other key, a {@code stop} that is not {@code true} or {@code headers} that are not
     * an object is CouchDB's 500 {@code external_response_error}.
     */
    static ExternalResponse parse(JsonNode resp) {
        if (!resp.isObject()) {
            throw new CouchError(500, "external_response_error", INVALID + resp);
        }
        int code = 200;
        JsonNode json = null;
        byte[] data = new byte[0];
        String type = null;
        Map<String, String> headers = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : resp.properties()) {
            JsonNode value = field.getValue();
            switch (field.getKey()) {
                case "code" -> code = value.asInt();
                case "stop" -> {
                    if (!value.isBoolean() || !value.booleanValue()) {
                        throw invalid(field.getKey(), value);
                    }
                }
                case "json" -> {
                    json = value;
                    type = ApiResponse.JSON_TYPE;
                }
                case "body" -> {
                    data = value.asText().getBytes(StandardCharsets.UTF_8);
                    type = "text/html; charset=utf-8";
                }
                case "base64" -> {
                    data = Base64.getMimeDecoder().decode(value.asText());
                    type = "application/binary";
                }
                case "headers" -> {
                    if (!value.isObject()) {
                        throw invalid(field.getKey(), value);
                    }
                    value.properties().forEach(h -> headers.put(h.getKey(), h.getValue().asText()));
                }
                default -> throw invalid(field.getKey(), value);
            }
        }
        return new ExternalResponse(code, json, data, type, headers);
    }

    /** The object with {@code extra} headers set over its own (chttpd_show:apply_headers). */
    static ObjectNode withHeaders(JsonNode resp, Map<String, String> extra) {
        ObjectNode copy = resp.isObject() ? ((ObjectNode) resp).deepCopy() : Json.object();
        ObjectNode headers = copy.path("headers").isObject() ? (ObjectNode) copy.get("headers") : copy.putObject("headers");
        extra.forEach(headers::put);
        return copy;
    }

    /** The headers to send: the function's, with the default Content-Type when it set none. */
    Map<String, String> withContentType(String fallback) {
        Map<String, String> out = new LinkedHashMap<>();
        boolean typed = headers.keySet().stream().anyMatch(h -> h.toLowerCase(Locale.ROOT).equals("content-type"));
        if (!typed) {
            out.put("Content-Type", defaultType != null ? defaultType : fallback);
        }
        out.putAll(headers);
        return out;
    }

    /** Sends it as chttpd 3.x does. */
    void send(ApiResponse response) throws IOException {
        send(response, Sending.SANDBOXED);
    }

    void send(ApiResponse response, Sending sending) throws IOException {
        Map<String, String> sent = withContentType(ApiResponse.JSON_TYPE);
        if (json != null) {
            // send_json merges its defaults under the function's headers (lists:ukeymerge: an exact name wins)
            sent.putIfAbsent("Cache-Control", "must-revalidate");
            response.external(code, sent, (Json.write(json) + "\n").getBytes(StandardCharsets.UTF_8));
        } else {
            if (sending == Sending.SANDBOXED) {
                sent.put("Content-Security-Policy", "sandbox");
            }
            response.external(code, sent, data);
        }
    }

    /** CouchDB's error for a key it does not know: the {Key, Value} pair printed with ~p. */
    private static CouchError invalid(String key, JsonNode value) {
        return new CouchError(500, "external_response_error", INVALID + ErlangTermFormatter.print(
                ErlangTermFormatter.Tuple.of(TextNode.valueOf(key), value), INVALID.length()));
    }
}
