package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The response object of a show, an update or a list head ({@code code}, {@code json}, {@code body}, {@code base64},
 * {@code headers}, {@code stop}) read as chttpd_external:parse_external_response reads it, and sent as
 * send_external_response sends it: {@code json} as a JSON reply (with Cache-Control), the others as they are with a
 * default Content-Type and {@code Content-Security-Policy: sandbox}.
 */
record ExternalResponse(int code, JsonNode json, byte[] data, String defaultType, Map<String, String> headers) {

    /** Reads a response object; any other key is CouchDB's 500 {@code external_response_error}. */
    static ExternalResponse parse(JsonNode resp) {
        if (!resp.isObject()) {
            throw new CouchError(500, "external_response_error", "Invalid data from external server: " + resp);
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
                case "stop" -> { }
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
                case "headers" -> value.properties().forEach(h -> headers.put(h.getKey(), h.getValue().asText()));
                default -> throw new CouchError(500, "external_response_error",
                        "Invalid data from external server: {" + erlang(field.getKey()) + "," + erlang(value) + "}");
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

    void send(ApiResponse response) throws IOException {
        Map<String, String> sent = withContentType(ApiResponse.JSON_TYPE);
        if (json != null) {
            sent.put("Cache-Control", "must-revalidate");
            response.external(code, sent, (Json.write(json) + "\n").getBytes(StandardCharsets.UTF_8));
        } else {
            sent.put("Content-Security-Policy", "sandbox");
            response.external(code, sent, data);
        }
    }

    /** A JSON value as Erlang's ~p prints its EJSON term, for CouchDB's error texts. */
    private static String erlang(Object value) {
        if (value instanceof String s) {
            return "<<\"" + s + "\">>";
        }
        JsonNode node = (JsonNode) value;
        if (node.isTextual()) {
            return erlang(node.asText());
        }
        return node.toString();
    }
}
