package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.couchtck.reference.store.Database;

/**
 * The {@code req} object design-document functions and {@code _external} handlers receive, built as
 * chttpd_external:json_req_obj builds it: info, uuid, id, method, requested_path, path, raw_path, query, headers,
 * body, peer, form, cookie, userCtx, secObj, in that order; the headers as mochiweb lists them ({@link
 * MochiwebHeaders}), the method as CouchDB's request record holds it (HEAD read as GET, a POST's
 * X-HTTP-Method-Override honoured). The {@link Builder} says which of CouchDB's builders to follow.
 */
final class DesignRequests {

    /** Which of CouchDB's json_req_obj functions builds the object. */
    enum Builder {
        /**
         * chttpd_external's as of 3.3.3, for the reference's design-document functions: Authorization, Cookie and
         * X-Auth-CouchDB-Token scrubbed from the headers and the cookie empty ({@code [chttpd] scrub_json_request}).
         */
        CHTTPD,
        /** chttpd_external's at 2.2.0 (an _external handler configured with it): nothing scrubbed, cookies parsed. */
        CHTTPD_2_2,
        /**
         * couch_httpd_external's at 2.2.0: id before uuid, only key, startkey and endkey JSON-decoded in query, a
         * url-encoded form read whatever the method, nothing scrubbed, cookies parsed.
         */
        COUCH_HTTPD_2_2
    }

    private static final Set<String> SCRUBBED = Set.of("authorization", "cookie", "x-auth-couchdb-token");
    /** In {@code query} these are JSON-decoded, the rest stay strings. */
    private static final Set<String> JSON_PARAMS = Set.of("key", "startkey", "endkey", "descending");
    /** couch_httpd_external:json_query_keys leaves descending a string. */
    private static final Set<String> JSON_PARAMS_2_2 = Set.of("key", "startkey", "endkey");
    /** The methods an X-HTTP-Method-Override header may name (couch_httpd and chttpd handle_request_int). */
    private static final Set<String> OVERRIDES = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "TRACE", "CONNECT",
            "COPY");

    private DesignRequests() {}

    /** The object for {@code request} on {@code db}; {@code docId} is null where the path names no document. */
    static ObjectNode of(ApiRequest request, Database db, String docId) {
        return of(request, db, docId, Builder.CHTTPD);
    }

    /** The object {@code builder} makes for {@code request} on {@code db}. */
    static ObjectNode of(ApiRequest request, Database db, String docId, Builder builder) {
        ObjectNode req = Json.object();
        req.set("info", DatabaseRoutes.info(db));
        if (builder == Builder.COUCH_HTTPD_2_2) {
            putId(req, docId);
            req.put("uuid", uuid());
        } else {
            req.put("uuid", uuid());
            putId(req, docId);
        }
        String method = method(request);
        req.put("method", method);
        ArrayNode requested = req.putArray("requested_path");
        requestedPath(request).forEach(requested::add);
        ArrayNode path = req.putArray("path");
        request.segments().forEach(path::add);
        req.put("raw_path", request.rawPath()
                + (request.rawQuery() == null || request.rawQuery().isEmpty() ? "" : "?" + request.rawQuery()));
        ObjectNode query = req.putObject("query");
        Set<String> decoded = builder == Builder.COUCH_HTTPD_2_2 ? JSON_PARAMS_2_2 : JSON_PARAMS;
        request.params().forEach(e -> query.set(e.getKey(), queryValue(decoded, e.getKey(), e.getValue())));
        ObjectNode headers = req.putObject("headers");
        for (Map.Entry<String, String> h : MochiwebHeaders.ofRequest(request.headerFields())) {
            if (builder != Builder.CHTTPD || !SCRUBBED.contains(h.getKey().toLowerCase(Locale.ROOT))) {
                headers.put(h.getKey(), h.getValue());
            }
        }
        boolean undefinedBody = request.body().length == 0 && !announcesBody(request);
        String body = new String(request.body(), StandardCharsets.UTF_8);
        req.put("body", undefinedBody ? "undefined" : body);
        req.put("peer", request.peer());
        ObjectNode form = req.putObject("form");
        // chttpd reads a form only from a POST or a PUT; couch_httpd from any request with a body
        boolean formRead = builder == Builder.COUCH_HTTPD_2_2 ? !undefinedBody
                : method.equals("POST") || method.equals("PUT");
        if (formRead && request.header("Content-Type").map(t -> t.startsWith("application/x-www-form-urlencoded"))
                .orElse(false)) {
            for (String pair : body.split("&")) {
                if (!pair.isEmpty()) {
                    int eq = pair.indexOf('=');
                    form.put(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                            eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        ObjectNode cookie = req.putObject("cookie");
        if (builder != Builder.CHTTPD) {
            request.header("Cookie").ifPresent(value -> MochiwebCookies.parse(value).forEach(
                    c -> cookie.put(c.getKey(), c.getValue())));
        }
        req.set("userCtx", userCtx(request.user(), db));
        req.set("secObj", db.security().deepCopy());
        return req;
    }

    private static void putId(ObjectNode req, String docId) {
        if (docId == null) {
            req.putNull("id");
        } else {
            req.put("id", docId);
        }
    }

    /** couch_uuids:new(): 32 hex digits. */
    private static String uuid() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    /** The method of CouchDB's request record: a POST's override applied, then HEAD read as GET. */
    private static String method(ApiRequest request) {
        String method = request.method();
        if (method.equals("POST")) {
            method = request.header("X-HTTP-Method-Override").map(v -> v.split(";")[0].trim())
                    .filter(OVERRIDES::contains).orElse(method);
        }
        return method.equals("HEAD") ? "GET" : method;
    }

    /**
     * The requested path's parts: those of X-CouchDB-VHost-Path or X-CouchDB-Requested-Path when the request carries
     * one (a vhost or a rewrite sent it there), else of the path itself; mochiweb's parts keep the query on the last.
     */
    private static List<String> requestedPath(ApiRequest request) {
        Optional<String> told = request.header("X-CouchDB-VHost-Path").or(() -> request.header("X-CouchDB-Requested-Path"));
        String raw = told.orElseGet(() -> request.rawPath()
                + (request.rawQuery() == null || request.rawQuery().isEmpty() ? "" : "?" + request.rawQuery()));
        List<String> parts = new ArrayList<>();
        for (String part : raw.split("/")) {
            if (!part.isEmpty()) {
                parts.add(URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8));
            }
        }
        return parts;
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

    private static JsonNode queryValue(Set<String> decoded, String name, String value) {
        if (decoded.contains(name)) {
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
