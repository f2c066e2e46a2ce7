package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The query parameters of {@code _all_docs}: keys, a key range, direction, limit, skip, include_docs (with conflicts,
 * attachments and att_encoding_info), update_seq. From a request's query string (and a POSTed {@code keys}), or from
 * one object of a {@code queries} body, whose members are JSON values.
 */
record ViewRange(Optional<JsonNode> keys, String start, String end, boolean inclusiveEnd, boolean descending,
        long limit, long skip, boolean includeDocs, boolean conflicts, AttachmentsJson.Shown attachments,
        boolean updateSeq) {

    static ViewRange from(ApiRequest request) {
        Optional<JsonNode> keys = request.param("keys").map(ViewRange::json);
        if ("POST".equals(request.method())) {
            DatabaseRoutes.requireJsonContent(request);
            JsonNode body = request.jsonBody();
            if (body.has("keys")) {
                if (!body.get("keys").isArray()) {
                    throw CouchError.badRequest("`keys` body member must be an array.");
                }
                keys = Optional.of(body.get("keys"));
            }
        }
        String start = request.param("startkey").or(() -> request.param("start_key")).map(ViewRange::jsonString)
                .orElse(null);
        String end = request.param("endkey").or(() -> request.param("end_key")).map(ViewRange::jsonString)
                .orElse(null);
        Optional<String> key = request.param("key").map(ViewRange::jsonString);
        if (key.isPresent()) {
            start = key.get();
            end = key.get();
        }
        return new ViewRange(keys, start, end, bool(request, "inclusive_end", true), bool(request, "descending", false),
                integer(request, "limit", Long.MAX_VALUE), integer(request, "skip", 0),
                bool(request, "include_docs", false), bool(request, "conflicts", false),
                AttachmentsJson.Shown.from(request), bool(request, "update_seq", false));
    }

    /** One query of a {@code queries} body: the same parameters as JSON members (a string key stays a string). */
    static ViewRange from(JsonNode query) {
        if (!query.isObject()) {
            throw CouchError.badRequest("Each query must be a JSON object");
        }
        Optional<JsonNode> keys = Optional.ofNullable(query.get("keys"));
        if (keys.isPresent() && !keys.get().isArray()) {
            throw CouchError.badRequest("`keys` member must be an array.");
        }
        String start = member(query, "startkey", "start_key");
        String end = member(query, "endkey", "end_key");
        String key = member(query, "key", "key");
        if (key != null) {
            start = key;
            end = key;
        }
        return new ViewRange(keys, start, end, flag(query, "inclusive_end", true), flag(query, "descending", false),
                count(query, "limit", Long.MAX_VALUE), count(query, "skip", 0), flag(query, "include_docs", false),
                flag(query, "conflicts", false), new AttachmentsJson.Shown(flag(query, "attachments", false),
                        flag(query, "att_encoding_info", false)), flag(query, "update_seq", false));
    }

    /** This range, but a {@code keys} of exactly one key as a {@code key} (fabric's rewrite of a query's keys). */
    ViewRange singleKeyAsRange() {
        if (keys.isEmpty() || keys.get().size() != 1) {
            return this;
        }
        JsonNode only = keys.get().get(0);
        String key = only.isTextual() ? only.asText() : only.toString();
        return new ViewRange(Optional.empty(), key, key, true, descending, limit, skip, includeDocs, conflicts,
                attachments, updateSeq);
    }

    private static String member(JsonNode query, String name, String alias) {
        JsonNode value = query.has(name) ? query.get(name) : query.get(alias);
        return value == null ? null : value.isTextual() ? value.asText() : value.toString();
    }

    private static boolean flag(JsonNode query, String name, boolean dflt) {
        JsonNode value = query.get(name);
        return value == null ? dflt : value.isBoolean() ? value.booleanValue() : parseBoolean(value.asText());
    }

    private static long count(JsonNode query, String name, long dflt) {
        JsonNode value = query.get(name);
        return value == null ? dflt : parseNonNegative(value.asText());
    }

    boolean inRange(String id) {
        if (beforeStart(id)) {
            return false;
        }
        if (end == null) {
            return true;
        }
        int c = descending ? end.compareTo(id) : id.compareTo(end);
        return inclusiveEnd ? c <= 0 : c < 0;
    }

    boolean beforeStart(String id) {
        if (start == null) {
            return false;
        }
        return descending ? id.compareTo(start) > 0 : id.compareTo(start) < 0;
    }

    static JsonNode json(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw CouchError.badRequest("invalid UTF-8 JSON");
        }
    }

    private static String jsonString(String text) {
        JsonNode node = json(text);
        return node.isTextual() ? node.asText() : node.toString();
    }

    static boolean bool(ApiRequest request, String name, boolean dflt) {
        return request.param(name).map(ViewRange::parseBoolean).orElse(dflt);
    }

    static long integer(ApiRequest request, String name, long dflt) {
        return request.param(name).map(ViewRange::parseNonNegative).orElse(dflt);
    }

    /** A boolean query parameter as couch_httpd reads one. */
    static boolean parseBoolean(String value) {
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new CouchError(400, "query_parse_error", "Invalid boolean parameter: \"" + value + "\"");
        };
    }

    /** A non-negative integer query parameter as couch_httpd reads one (parse_pos_int). */
    static long parseNonNegative(String value) {
        long n;
        try {
            n = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new CouchError(400, "query_parse_error", "Invalid value for integer: \"" + value + "\"");
        }
        if (n < 0) {
            throw new CouchError(400, "query_parse_error", "Invalid value for positive integer: \"" + value + "\"");
        }
        return n;
    }
}
