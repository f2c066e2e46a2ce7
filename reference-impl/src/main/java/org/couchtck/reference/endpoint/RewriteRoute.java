package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.store.Database;

/**
 * {@code /db/_design/d/_rewrite/...} as chttpd_rewrite serves it: the design document's {@code rewrites} (an array of
 * rules, or a JavaScript function run on the query server) turns the request into another one under the design
 * document, which is then dispatched afresh, with the database's own handlers. A rewrite function may also answer
 * itself ({@code code}). At most {@code [chttpd] rewrite_limit} (100) rewrites follow one another.
 */
final class RewriteRoute {

    /** How a rewritten request is handled: the endpoint's routes, from the top. */
    @FunctionalInterface
    interface Dispatch {
        void handle(ApiRequest request, ApiResponse response) throws IOException;
    }

    /** Rewrites so far on this thread: chttpd keeps the count in the process dictionary of the request's process. */
    private static final ThreadLocal<Integer> DEPTH = ThreadLocal.withInitial(() -> 0);

    private final DatabaseRoutes databases;
    private final DesignDocCalls calls;
    private final NodeConfig config;

    RewriteRoute(DatabaseRoutes databases, DesignDocCalls calls, NodeConfig config) {
        this.databases = databases;
        this.calls = calls;
        this.config = config;
    }

    void handle(ApiRequest request, ApiResponse response, Dispatch dispatch) throws IOException {
        Database db = databases.open(request);
        ObjectNode ddoc = DesignDocs.open(db, request.segment(2));
        int depth = DEPTH.get();
        int limit = config.get("chttpd", "rewrite_limit").map(RewriteRoute::integer).orElse(100);
        if (depth >= limit) {
            throw CouchError.badRequest("Exceeded rewrite recursion limit");
        }
        DEPTH.set(depth + 1);
        try {
            JsonNode rules = ddoc.get("rewrites");
            if (rules != null && rules.isArray()) {
                String target = RewriteRules.target(rules, request.method(), after(request), decodedQuery(request),
                        config.get("chttpd", "secure_rewrites").map(v -> !"false".equals(v)).orElse(true));
                dispatch.handle(request.rewritten(request.method(), normalize(prefix(request) + "/" + target),
                        Map.of(), request.body()), response);
            } else if (rules != null && rules.isTextual()) {
                byFunction(request, response, dispatch, db, ddoc);
            } else {
                throw new CouchError(404, "rewrite_error", "Invalid path.");
            }
        } finally {
            DEPTH.set(depth);
        }
    }

    private void byFunction(ApiRequest request, ApiResponse response, Dispatch dispatch, Database db, ObjectNode ddoc)
            throws IOException {
        ObjectNode req = DesignRequests.of(request, db, null);
        // couch_query_servers:rewrite leaves these out of the request object
        req.remove(List.of("info", "uuid", "id", "form"));
        JsonNode reply = calls.call(ddoc, List.of("rewrites"), Json.MAPPER.createArrayNode().add(req));
        if (reply.isObject() && reply.has("forbidden")) {
            throw new CouchError(403, "forbidden", reply.get("forbidden").asText());
        }
        if (reply.isObject() && reply.has("unauthorized")) {
            throw new CouchError(401, "unauthorized", reply.get("unauthorized").asText());
        }
        if (reply.isArray() && reply.size() == 1 && "no_dispatch_rule".equals(reply.get(0).asText(null))) {
            throw new CouchError(404, "rewrite_error", "Invalid path.");
        }
        if (!(reply.isArray() && reply.size() == 2 && "ok".equals(reply.get(0).asText(null)))) {
            throw new CouchError(500, "unknown_error", Json.write(reply));
        }
        JsonNode rewrite = reply.get(1);
        if (!rewrite.isObject()) {
            throw rewriteError("bad rewrite");
        }
        validate((ObjectNode) rewrite);
        byte[] body = rewrite.path("body").isTextual()
                ? rewrite.get("body").asText().getBytes(StandardCharsets.UTF_8) : request.body();
        Map<String, String> headers = new LinkedHashMap<>();
        rewrite.path("headers").fields().forEachRemaining(e -> headers.put(e.getKey(), e.getValue().asText()));
        if (rewrite.has("code")) {
            response.external(rewrite.get("code").asInt(), headers, body);
            return;
        }
        if (!rewrite.has("path")) {
            throw rewriteError("Rewrite result must produce a new path.");
        }
        String path = normalize(prefix(request) + "/" + rewrite.get("path").asText());
        String query;
        if (rewrite.has("query")) {
            List<Map.Entry<String, String>> pairs = new ArrayList<>();
            rewrite.get("query").fields().forEachRemaining(e -> pairs.add(Map.entry(e.getKey(), e.getValue().asText())));
            query = MochiwebQuoting.urlencode(pairs);
        } else {
            query = MochiwebQuoting.urlencode(decodedQuery(request));
        }
        String method = rewrite.path("method").isTextual() ? rewrite.get("method").asText() : request.method();
        dispatch.handle(request.rewritten(method, query.isEmpty() ? path : path + "?" + query, headers, body),
                response);
    }

    /** couch_query_servers:validate_rewrite_response, with its texts. */
    private static void validate(ObjectNode rewrite) {
        rewrite.fields().forEachRemaining(e -> {
            JsonNode v = e.getValue();
            switch (e.getKey()) {
                case "method", "path", "body" -> {
                    if (!v.isTextual()) {
                        throw rewriteError("bad " + e.getKey());
                    }
                }
                case "headers", "query" -> {
                    if (!v.isObject()) {
                        throw rewriteError("bad " + e.getKey());
                    }
                    v.fields().forEachRemaining(kv -> {
                        if (!kv.getValue().isTextual()) {
                            throw rewriteError("object key/value must be strings <<\"" + kv.getKey() + "\">>="
                                    + org.couchtck.reference.erlang.ErlangTermFormatter.print(kv.getValue(), 0));
                        }
                    });
                }
                case "code" -> {
                    if (!v.isIntegralNumber() || v.asInt() < 200 || v.asInt() >= 600) {
                        throw rewriteError("bad code");
                    }
                }
                default -> {
                }
            }
        });
    }

    private static CouchError rewriteError(String reason) {
        return new CouchError(500, "rewrite_error", reason);
    }

    /** The segments after {@code _rewrite}, decoded. */
    private static List<String> after(ApiRequest request) {
        List<String> segments = request.segments();
        return segments.size() > 4 ? segments.subList(4, segments.size()) : List.of();
    }

    private static List<Map.Entry<String, String>> decodedQuery(ApiRequest request) {
        return request.params();
    }

    /** {@code /db/_design/name}, both names URL-encoded (chttpd_rewrite:path_prefix). */
    private static String prefix(ApiRequest request) {
        return "/" + MochiwebQuoting.quotePlus(request.segment(0)) + "/_design/"
                + MochiwebQuoting.quotePlus(request.segment(2));
    }

    /** normalize_path: {@code .} dropped, {@code ..} takes the segment before it away (on the query too, as CouchDB). */
    static String normalize(String path) {
        List<String> out = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (out.isEmpty() || out.get(out.size() - 1).equals("..")) {
                    out.add(segment);
                } else {
                    out.remove(out.size() - 1);
                }
            } else {
                out.add(segment);
            }
        }
        return "/" + String.join("/", out);
    }

    private static int integer(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            return 100;
        }
    }
}
