package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP request as the routes see it, free of the server library's types: method, decoded path segments, query
 * parameters in order, headers, body, and the user it acts as.
 */
final class ApiRequest {

    private final String method;
    private final List<String> segments;
    private final List<Map.Entry<String, String>> query;
    private final Map<String, String> headers;
    private final byte[] body;
    private final UserContext user;
    private final String rawPath;
    private final String rawQuery;
    private final List<Map.Entry<String, String>> headerFields;
    private final String peer;

    ApiRequest(String method, String rawPath, String rawQuery, Map<String, String> headers, byte[] body,
            UserContext user) {
        this(method, rawPath, rawQuery, headers, body, user, List.of(), "127.0.0.1");
    }

    /**
     * @param headerFields every header as sent (names in their own case, repeats kept), for the {@code req} object of
     *     design-document functions
     * @param peer the client's address
     */
    ApiRequest(String method, String rawPath, String rawQuery, Map<String, String> headers, byte[] body,
            UserContext user, List<Map.Entry<String, String>> headerFields, String peer) {
        this.rawPath = rawPath;
        this.rawQuery = rawQuery;
        this.headerFields = List.copyOf(headerFields);
        this.peer = peer;
        this.method = method;
        this.segments = splitPath(rawPath);
        this.query = parseQuery(rawQuery);
        this.headers = headers;
        this.body = body;
        this.user = user;
    }

    /**
     * This request sent again to {@code target} (a path, with {@code ?query} or not), as chttpd_rewrite builds a new
     * mochiweb request: same user, peer and socket; {@code extraHeaders} replace or add headers of the same name.
     */
    ApiRequest rewritten(String newMethod, String target, Map<String, String> extraHeaders, byte[] newBody) {
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        String newQuery = q < 0 ? null : target.substring(q + 1);
        Map<String, String> newHeaders = new java.util.HashMap<>(headers);
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        for (Map.Entry<String, String> f : headerFields) {
            if (!extraHeaders.keySet().stream().anyMatch(k -> k.equalsIgnoreCase(f.getKey()))) {
                fields.add(f);
            }
        }
        extraHeaders.forEach((k, v) -> {
            newHeaders.put(k.toLowerCase(Locale.ROOT), v);
            fields.add(Map.entry(k, v));
        });
        return new ApiRequest(newMethod, path, newQuery, newHeaders, newBody, user, fields, peer);
    }

    String method() {
        return method;
    }

    List<String> segments() {
        return segments;
    }

    String segment(int i) {
        return i < segments.size() ? segments.get(i) : null;
    }

    /** The last value given for a query parameter, as CouchDB reads repeated ones. */
    Optional<String> param(String name) {
        String value = null;
        for (Map.Entry<String, String> e : query) {
            if (e.getKey().equals(name)) {
                value = e.getValue();
            }
        }
        return Optional.ofNullable(value);
    }

    List<Map.Entry<String, String>> params() {
        return query;
    }

    /** A header by case-insensitive name. */
    Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }

    /** The path as sent, still percent-encoded. */
    String rawPath() {
        return rawPath;
    }

    /** The query string as sent (without {@code ?}), or null. */
    String rawQuery() {
        return rawQuery;
    }

    List<Map.Entry<String, String>> headerFields() {
        return headerFields;
    }

    String peer() {
        return peer;
    }

    byte[] body() {
        return body;
    }

    UserContext user() {
        return user;
    }

    /** The body as JSON; a body that is not JSON is CouchDB's 400 {@code bad_request}. */
    JsonNode jsonBody() {
        if (body.length == 0) {
            throw CouchError.badRequest("Request body must be a JSON object");
        }
        try {
            JsonNode node = Json.MAPPER.readTree(body);
            if (node == null) {
                throw CouchError.badRequest("Request body must be a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw CouchError.badRequest("invalid UTF-8 JSON");
        } catch (java.io.IOException e) {
            throw CouchError.badRequest("invalid UTF-8 JSON");
        }
    }

    private static List<String> splitPath(String rawPath) {
        List<String> out = new ArrayList<>();
        for (String part : rawPath.split("/")) {
            if (!part.isEmpty()) {
                out.add(URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8));
            }
        }
        return List.copyOf(out);
    }

    private static List<Map.Entry<String, String>> parseQuery(String rawQuery) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return out;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            out.add(Map.entry(URLDecoder.decode(key, StandardCharsets.UTF_8),
                    URLDecoder.decode(value, StandardCharsets.UTF_8)));
        }
        return List.copyOf(out);
    }
}
