package org.couchtck.kit.daemons.external;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.couchtck.kit.daemons.external.ExternalRequest.FieldOrder;
import org.couchtck.kit.daemons.external.ExternalRequest.Header;
import org.couchtck.kit.daemons.external.MochiwebText.Pair;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * Builds the request object CouchDB 2.2.0 writes to an {@code _external} handler for an HTTP request
 * ({@code chttpd_external:json_req_obj}, {@code couch_httpd_external:json_req_obj}), field by field as CouchDB and
 * mochiweb 2.17 derive them:
 *
 * <ul>
 *   <li>{@code path}: the path (before {@code ?}) split at {@code /}, empty parts dropped, each part unquoted
 *       ({@code %XX} decoded, {@code +} made a space); {@code requested_path}: the same of the whole raw target,
 *       query string included (so its last part holds the query); {@code raw_path}: the target as sent.</li>
 *   <li>{@code query}: the query string split at {@code &} and {@code ;}, keys and values unquoted, in order, a
 *       repeated key repeated; {@code key}, {@code startkey} and {@code endkey} (and {@code descending} in chttpd)
 *       decoded as JSON.</li>
 *   <li>{@code headers}: one member per header name, the values of a repeated header joined by {@code ", "}, in the
 *       order of the lower-cased names; the name as first sent. A {@code Host} and, with a body, a
 *       {@code Content-Length} are added when the request has none, as any client sends them.</li>
 *   <li>{@code body}: the body as a string, or {@code "undefined"} (the Erlang atom) when the request has none.</li>
 *   <li>{@code form}: the body parsed like a query string when the Content-Type starts with
 *       {@code application/x-www-form-urlencoded} (in chttpd only for POST and PUT), else {@code {}}.</li>
 *   <li>{@code cookie}: the Cookie header parsed as mochiweb_cookies does, names starting with {@code $} left
 *       out.</li>
 *   <li>{@code method}: {@code HEAD} is {@code GET}; in chttpd a POST with {@code X-HTTP-Method-Override} of a known
 *       method takes that method.</li>
 *   <li>{@code info} (the database's), {@code uuid} (given), {@code id} (null for {@code _external}),
 *       {@code peer} (127.0.0.1), {@code userCtx} and {@code secObj}.</li>
 * </ul>
 *
 * A request CouchDB would not hand to the handler at all (a query key that is not JSON: 400; a part that decodes to
 * bytes that are not UTF-8, which CouchDB's JSON encoder refuses: 500) is refused with an IllegalArgumentException.
 */
public final class RequestObjects {

    /**
     * A request object as the kit sends it.
     *
     * @param object the object; a member repeated in the line (a query key sent twice) holds its last value here
     * @param line the object as CouchDB writes it: one compact line, members in CouchDB's order
     */
    public record RequestObject(ObjectNode object, String line) {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    private static final String PEER = "127.0.0.1";
    private static final String HOST = "127.0.0.1:5984";
    private static final String FORM_TYPE = "application/x-www-form-urlencoded";
    private static final Set<String> OVERRIDES = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "TRACE", "CONNECT",
            "COPY");

    private RequestObjects() {}

    /**
     * The request object for {@code request}, with {@code uuid} as CouchDB's fresh uuid.
     *
     * @throws IllegalArgumentException for a request CouchDB answers itself instead of handing it on
     */
    public static RequestObject build(ExternalRequest request, String uuid) {
        String raw = request.rawPath();
        if (!raw.startsWith("/") || raw.indexOf('#') >= 0) {
            throw new IllegalArgumentException("a request target is an absolute path without a #fragment: " + raw);
        }
        int question = raw.indexOf('?');
        String pathPart = question < 0 ? raw : raw.substring(0, question);
        String queryPart = question < 0 ? "" : raw.substring(question + 1);
        List<String> path = MochiwebText.unquotedTokens(pathPart, "path");
        if (path.isEmpty()) {
            throw new IllegalArgumentException("the path names no database: " + raw);
        }
        List<Header> headers = completeHeaders(request);
        Map<String, Header> merged = mergedHeaders(headers);
        String method = method(request, merged);
        List<Pair> query = decodeQueryKeys(MochiwebText.parseQs(queryPart, "query"), request.order());
        String contentType = value(merged, "content-type");
        boolean formMethod = request.order() == FieldOrder.COUCH_HTTPD || method.equals("POST")
                || method.equals("PUT");
        List<Pair> form = contentType != null && contentType.startsWith(FORM_TYPE) && formMethod
                && request.body().isPresent() ? MochiwebText.parseQs(request.body().get(), "form") : List.of();
        String cookieHeader = value(merged, "cookie");
        List<Pair> cookies = cookieHeader == null ? List.of() : MochiwebText.parseCookie(cookieHeader);

        List<Member> members = new ArrayList<>();
        Member info = new Member("info", info(path.get(0), request.order()));
        Member uuidMember = new Member("uuid", NODES.textNode(uuid));
        Member id = new Member("id", NODES.nullNode());
        members.add(info);
        members.add(request.order() == FieldOrder.CHTTPD ? uuidMember : id);
        members.add(request.order() == FieldOrder.CHTTPD ? id : uuidMember);
        members.add(new Member("method", NODES.textNode(method)));
        members.add(new Member("requested_path", strings(MochiwebText.unquotedTokens(raw, "path"))));
        members.add(new Member("path", strings(path)));
        members.add(new Member("raw_path", NODES.textNode(raw)));
        members.add(new Member("query", query));
        ObjectNode headerObject = NODES.objectNode();
        merged.values().forEach(h -> headerObject.put(h.name(), h.value()));
        members.add(new Member("headers", headerObject));
        members.add(new Member("body", NODES.textNode(request.body().orElse("undefined"))));
        members.add(new Member("peer", NODES.textNode(PEER)));
        members.add(new Member("form", form));
        members.add(new Member("cookie", cookies));
        members.add(new Member("userCtx", userCtx(path.get(0), request)));
        members.add(new Member("secObj", request.secObj()));

        ObjectNode object = NODES.objectNode();
        StringBuilder line = new StringBuilder("{");
        for (Member member : members) {
            if (line.length() > 1) {
                line.append(',');
            }
            line.append(WireJson.write(NODES.textNode(member.name()))).append(':').append(member.text());
            object.set(member.name(), member.value());
        }
        return new RequestObject(object, line.append('}').toString());
    }

    /** A top-level member: a value, or pairs written as an object that may repeat a key. */
    private record Member(String name, JsonNode value, List<Pair> pairs) {
        Member(String name, JsonNode value) {
            this(name, value, null);
        }

        Member(String name, List<Pair> pairs) {
            this(name, objectOf(pairs), pairs);
        }

        String text() {
            if (pairs == null) {
                return WireJson.write(value);
            }
            StringBuilder out = new StringBuilder("{");
            for (Pair pair : pairs) {
                if (out.length() > 1) {
                    out.append(',');
                }
                out.append(WireJson.write(NODES.textNode(pair.key()))).append(':').append(WireJson.write(pair.value()));
            }
            return out.append('}').toString();
        }

        private static ObjectNode objectOf(List<Pair> pairs) {
            ObjectNode object = NODES.objectNode();
            pairs.forEach(p -> object.set(p.key(), p.value()));
            return object;
        }
    }

    private static String method(ExternalRequest request, Map<String, Header> headers) {
        String method = request.method();
        String override = value(headers, "x-http-method-override");
        if (request.order() == FieldOrder.CHTTPD && method.equals("POST") && override != null
                && OVERRIDES.contains(override)) {
            method = override;
        }
        return method.equals("HEAD") ? "GET" : method;
    }

    private static List<Header> completeHeaders(ExternalRequest request) {
        List<Header> headers = new ArrayList<>(request.headers());
        if (headers.stream().noneMatch(h -> h.name().equalsIgnoreCase("host"))) {
            headers.add(0, new Header("Host", HOST));
        }
        if (request.body().isPresent() && headers.stream().noneMatch(h -> h.name().equalsIgnoreCase("content-length")
                || h.name().equalsIgnoreCase("transfer-encoding"))) {
            headers.add(new Header("Content-Length",
                    Integer.toString(request.body().get().getBytes(StandardCharsets.UTF_8).length)));
        }
        return headers;
    }

    /** mochiweb_headers: keyed by the lower-cased name, the first name kept, repeated values joined. */
    private static Map<String, Header> mergedHeaders(List<Header> headers) {
        Map<String, Header> merged = new TreeMap<>();
        for (Header header : headers) {
            String key = header.name().toLowerCase(Locale.ROOT);
            Header earlier = merged.get(key);
            merged.put(key, earlier == null ? header
                    : new Header(earlier.name(), earlier.value() + ", " + header.value()));
        }
        return merged;
    }

    private static String value(Map<String, Header> headers, String lowerName) {
        Header header = headers.get(lowerName);
        return header == null ? null : header.value();
    }

    private static List<Pair> decodeQueryKeys(List<Pair> query, FieldOrder order) {
        List<Pair> decoded = new ArrayList<>();
        for (Pair pair : query) {
            boolean json = switch (pair.key()) {
                case "key", "startkey", "endkey" -> true;
                case "descending" -> order == FieldOrder.CHTTPD;
                default -> false;
            };
            if (!json) {
                decoded.add(pair);
                continue;
            }
            try {
                decoded.add(new Pair(pair.key(), WireJson.parse(pair.value().textValue())));
            } catch (MalformedLineException e) {
                throw new IllegalArgumentException("CouchDB answers 400 itself: query parameter " + pair.key() + "="
                        + pair.value().textValue() + " is not JSON");
            }
        }
        return decoded;
    }

    private static ArrayNode strings(List<String> values) {
        ArrayNode array = NODES.arrayNode();
        values.forEach(array::add);
        return array;
    }

    private static ObjectNode userCtx(String db, ExternalRequest request) {
        ObjectNode ctx = NODES.objectNode();
        ctx.put("db", db);
        if (request.user().isPresent()) {
            ctx.put("name", request.user().get().name());
            ctx.set("roles", strings(request.user().get().roles()));
        } else {
            ctx.putNull("name");
            ctx.putArray("roles");
        }
        return ctx;
    }

    /**
     * The database's info: a new, empty database, as {@code fabric:get_db_info} merges its shards' (chttpd) or as
     * {@code couch_db:get_db_info} gives one shard's (couch_httpd), members in their order.
     */
    static ObjectNode info(String db, FieldOrder order) {
        ObjectNode info = NODES.objectNode();
        info.put("db_name", db);
        if (order == FieldOrder.CHTTPD) {
            info.put("update_seq", "0-g1AAAAFTeJzLYWBg4MhgTmHgzcvPy09JdcjLz8gvLskBCScyJNX___8_K5EBh6I8FiDJ0ACk_qOoxWFwAgNIRT1YRRYAGKEpdA");
            ObjectNode sizes = info.putObject("sizes");
            sizes.put("file", 33880).put("external", 0).put("active", 0);
            info.put("purge_seq", 0);
            info.putObject("other").put("data_size", 0);
            info.put("doc_del_count", 0).put("doc_count", 0).put("disk_size", 33880).put("disk_format_version", 6)
                    .put("data_size", 0).put("compact_running", false);
            info.putObject("cluster").put("q", 8).put("n", 1).put("w", 1).put("r", 1);
            info.put("instance_start_time", "0");
        } else {
            info.put("engine", "couch_bt_engine").put("doc_count", 0).put("doc_del_count", 0).put("update_seq", 0)
                    .put("purge_seq", 0).put("compact_running", false);
            ObjectNode sizes = info.putObject("sizes");
            sizes.put("file", 4236).put("external", 0).put("active", 0);
            info.put("disk_size", 4236).put("data_size", 0);
            info.putObject("other").put("data_size", 0);
            info.put("instance_start_time", "1533561720342372").put("disk_format_version", 6)
                    .put("committed_update_seq", 0).putNull("compacted_seq")
                    .put("uuid", "5d1b3e3dcec91bd4e0d12b4f8c8f1a3e");
        }
        return info;
    }
}
