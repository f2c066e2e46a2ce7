package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.couchtck.reference.store.Database;

/**
 * The {@code req} object design-document functions receive, built as chttpd_external:json_req_obj builds it: info,
 * uuid, id, method, requested_path, path, raw_path, query, headers, body, peer, form, cookie, userCtx, secObj, in that
 * order. Authorization, Cookie and X-Auth-CouchDB-Token are scrubbed from the headers and the cookie is empty
 * ({@code [chttpd] scrub_json_request}, true since 3.3.3).
 */
final class DesignRequests {

    private static final Set<String> SCRUBBED = Set.of("authorization", "cookie", "x-auth-couchdb-token");
    /** In {@code query} these are JSON-decoded, the rest stay strings. */
    private static final Set<String> JSON_PARAMS = Set.of("key", "startkey", "endkey", "descending");

    private DesignRequests() {}

    /** The object for {@code request} on {@code db}; {@code docId} is null where the path names no document. */
    static ObjectNode of(ApiRequest request, Database db, String docId) {
        ObjectNode req = Json.object();
        req.set("info", DatabaseRoutes.info(db));
        req.put("uuid", UUID.randomUUID().toString().replace("-", ""));
        if (docId == null) {
            req.putNull("id");
        } else {
            req.put("id", docId);
        }
        req.put("method", request.method());
        ArrayNode requested = req.putArray("requested_path");
        request.segments().forEach(requested::add);
        // mochiweb's path parts keep the query on the last one (chttpd's requested_path_parts)
        if (request.rawQuery() != null && !request.rawQuery().isEmpty() && !requested.isEmpty()) {
            String last = requested.get(requested.size() - 1).asText();
            requested.set(requested.size() - 1, URLDecoder.decode(last + "?" + request.rawQuery().replace("+", "%2B"),
                    StandardCharsets.UTF_8));
        }
        ArrayNode path = req.putArray("path");
        request.segments().forEach(path::add);
        req.put("raw_path", request.rawPath()
                + (request.rawQuery() == null || request.rawQuery().isEmpty() ? "" : "?" + request.rawQuery()));
        ObjectNode query = req.putObject("query");
        request.params().forEach(e -> query.set(e.getKey(), queryValue(e.getKey(), e.getValue())));
        ObjectNode headers = req.putObject("headers");
        for (Map.Entry<String, String> h : request.headerFields()) {
            if (!SCRUBBED.contains(h.getKey().toLowerCase(Locale.ROOT))) {
                headers.put(h.getKey(), h.getValue());
            }
        }
        String body = new String(request.body(), StandardCharsets.UTF_8);
        req.put("body", body.isEmpty() && !announcesBody(request) ? "undefined" : body);
        req.put("peer", request.peer());
        ObjectNode form = req.putObject("form");
        boolean formPost = request.method().equals("POST") || request.method().equals("PUT");
        if (formPost && request.header("Content-Type").map(t -> t.startsWith("application/x-www-form-urlencoded"))
                .orElse(false)) {
            for (String pair : body.split("&")) {
                if (!pair.isEmpty()) {
                    int eq = pair.indexOf('=');
                    form.put(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                            eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        req.putObject("cookie");
        req.set("userCtx", userCtx(request.user(), db));
        req.set("secObj", db.security().deepCopy());
        return req;
    }

    /** {@code {"db":..., "name":...|null, "roles":[...]}} as couch_util:json_user_ctx builds it. */
    static ObjectNode userCtx(UserContext user, Database db) {
        ObjectNode ctx = Json.object();
        ctx.put("db", db.name());
        ctx.setAll(user.toJson());
        return ctx;
    }

    /**
     * Whether the request says how long its body is. mochiweb's recv_body answers the atom {@code undefined} for one
     * that does not (a GET as most clients send it), which the JSON encoder writes as the string "undefined"; an
     * announced empty body is {@code <<>>}, the empty string.
     */
    private static boolean announcesBody(ApiRequest request) {
        return request.header("Content-Length").isPresent() || request.header("Transfer-Encoding").isPresent();
    }

    private static JsonNode queryValue(String name, String value) {
        if (JSON_PARAMS.contains(name)) {
            try {
                JsonNode parsed = Json.MAPPER.readTree(value);
                if (parsed != null) {
                    return parsed;
                }
            } catch (java.io.IOException e) {
                throw CouchError.badRequest("invalid_json");
            }
        }
        return Json.MAPPER.getNodeFactory().textNode(value);
    }
}
