package org.couchtck.kit.daemons.external;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.daemons.external.ExternalRequest.FieldOrder;
import org.couchtck.kit.daemons.external.ExternalRequest.Header;
import org.couchtck.kit.daemons.external.ExternalRequest.User;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.DocumentGenerator;
import org.couchtck.kit.wire.WireJson;

/**
 * Generates HTTP requests to an {@code _external} handler, as clients send them to CouchDB: every method CouchDB
 * hands on, database names that need escaping, path parts and query strings with spaces, plus signs, escaped
 * slashes, accented, CJK and astral characters (escaped, or raw UTF-8), the JSON query keys, headers (repeated ones
 * too), cookies, JSON, form and text bodies, users and security objects, in either of CouchDB's two request writers.
 * Every choice at 0 gives the simplest thing: a GET of {@code /db/_external/couchtck} with a Host header.
 */
final class RequestGenerator {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "COPY", "OPTIONS", "HEAD");
    private static final List<String> DATABASES = List.of("db", "couchtck", "a$b(c)+d-e_f", "dir/sub");
    private static final List<String> QUERY_KEYS = List.of("a", "key", "startkey", "endkey", "descending", "limit",
            "include_docs", "", "q");
    private static final List<String> HOSTS = List.of("127.0.0.1:5984", "localhost:5984", "db.example.org");
    private static final List<String> ACCEPTS = List.of("application/json", "*/*",
            "text/html,application/xhtml+xml;q=0.9");
    private static final List<String> TOKENS = List.of("a", "session", "AuthSession", "x_y", "n1", "$Version");
    /** Pieces of text as they appear in a request target: raw, or percent-encoded. */
    private static final List<String> PIECES = List.of("a", "z", "0", "-", "_", ".", "~", "%20", "+", "%2B",
            "%C3%A9", "%E6%97%A5", "%F0%9F%98%80", "%2F", "%3F", "%25", "%22", "\u00fc", "%26", "%3D", "%3B",
            "%E2%80%A8");
    private static final List<String> TEXTS = List.of("x", "", "caf\u00e9", "\u65e5\u672c", "\uD83D\uDE00", "a b",
            "\"q\"", "line\u2028sep", "back\\slash", "<&>");
    private static final List<User> USERS = List.of(new User("bob", List.of()),
            new User("admin", List.of("_admin")), new User("alice", List.of("reader", "\u00e9crivain")));

    private RequestGenerator() {}

    /** One request. */
    static ExternalRequest request(Choices choices) {
        String method = choices.pick(METHODS);
        StringBuilder path = new StringBuilder("/").append(escapeSegment(choices.pick(DATABASES)))
                .append("/_external/couchtck");
        choices.list(3, 40, c -> path.append('/').append(rawText(c, 6)));
        List<String> query = choices.list(4, 45, RequestGenerator::queryPair);
        if (!query.isEmpty() || choices.chance(5)) {
            path.append('?').append(String.join(choices.chance(10) ? ";" : "&", query));
        }
        List<Header> headers = new ArrayList<>();
        headers.add(new Header("Host", choices.pick(HOSTS)));
        if (choices.chance(60)) {
            headers.add(new Header("Accept", choices.pick(ACCEPTS)));
        }
        if (choices.chance(30)) {
            headers.add(new Header("User-Agent", "couchtck/" + choices.draw(9)));
        }
        choices.list(2, 25, c -> headers.add(new Header(c.chance(50) ? "X-Couchtck" : "X-Couchtck-" + c.draw(3),
                text(c))));
        if (choices.chance(25)) {
            List<String> cookies = choices.list(3, 50, c -> c.pick(TOKENS) + "=" + (c.chance(20)
                    ? "\"" + c.pick(TOKENS) + " " + c.pick(TOKENS) + "\"" : c.pick(TOKENS)));
            headers.add(new Header("Cookie", String.join("; ", cookies)));
        }
        if (choices.chance(15)) {
            headers.add(new Header("Authorization", "Basic Ym9iOnNlY3JldA=="));
        }
        Optional<String> body = body(choices, method, headers);
        Optional<User> user = choices.chance(40) ? Optional.of(choices.pick(USERS)) : Optional.empty();
        ObjectNode secObj = NODES.objectNode();
        if (choices.chance(30)) {
            ObjectNode admins = secObj.putObject("admins");
            admins.putArray("names");
            admins.putArray("roles").add("_admin");
            ObjectNode members = secObj.putObject("members");
            members.putArray("names").add("bob");
            members.putArray("roles");
        }
        FieldOrder order = choices.chance(30) ? FieldOrder.COUCH_HTTPD : FieldOrder.CHTTPD;
        return new ExternalRequest(method, path.toString(), headers, body, user, secObj, order);
    }

    /** A uuid as CouchDB's: 32 lowercase hex digits. */
    static String uuid(Choices choices) {
        return String.format("%016x%016x", choices.draw(Long.MAX_VALUE), choices.draw(Long.MAX_VALUE));
    }

    private static Optional<String> body(Choices choices, String method, List<Header> headers) {
        boolean sends = method.equals("POST") || method.equals("PUT") ? choices.chance(90) : choices.chance(5);
        if (!sends) {
            return Optional.empty();
        }
        switch ((int) choices.draw(3)) {
            case 0 -> {
                headers.add(new Header("Content-Type", "application/json"));
                return Optional.of(WireJson.write(DocumentGenerator.document(choices, false)));
            }
            case 1 -> {
                headers.add(new Header("Content-Type", choices.chance(30)
                        ? "application/x-www-form-urlencoded; charset=UTF-8" : "application/x-www-form-urlencoded"));
                return Optional.of(String.join("&", choices.list(4, 60, c -> rawText(c, 4) + "=" + rawText(c, 6))));
            }
            case 2 -> {
                headers.add(new Header("Content-Type", "text/plain;charset=utf-8"));
                return Optional.of(text(choices));
            }
            default -> {
                return Optional.of("");
            }
        }
    }

    private static String queryPair(Choices choices) {
        String key = choices.chance(40) ? rawText(choices, 4) : encode(choices.pick(QUERY_KEYS));
        boolean json = key.equals("key") || key.equals("startkey") || key.equals("endkey")
                || key.equals("descending");
        String value = json ? encode(WireJson.write(jsonValue(choices, 0))) : rawText(choices, 8);
        return choices.chance(5) && !json ? key : key + "=" + value;
    }

    private static JsonNode jsonValue(Choices choices, int depth) {
        return switch ((int) choices.draw(depth < 2 ? 6 : 4)) {
            case 0 -> NODES.textNode(choices.pick(TEXTS));
            case 1 -> NODES.numberNode(choices.between(-1000, 1000));
            case 2 -> NODES.numberNode(choices.between(-100, 100) / 4.0);
            case 3 -> NODES.booleanNode(choices.chance(50));
            case 4 -> NODES.nullNode();
            case 5 -> {
                ArrayNode array = NODES.arrayNode();
                choices.list(3, 50, c -> array.add(jsonValue(c, depth + 1)));
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                choices.list(2, 50, c -> object.set(c.pick(TEXTS), jsonValue(c, depth + 1)));
                yield object;
            }
        };
    }

    /** Text as it appears in a request target: {@code max} pieces at most, raw or percent-encoded. */
    private static String rawText(Choices choices, int max) {
        StringBuilder text = new StringBuilder();
        choices.list(max, 70, c -> text.append(c.pick(PIECES)));
        return text.toString();
    }

    /** Text for a header value or a body: printable, any script. */
    private static String text(Choices choices) {
        StringBuilder text = new StringBuilder();
        choices.list(4, 60, c -> text.append(c.pick(TEXTS)));
        return text.toString().replace("\u2028", " ");
    }

    /** A database name as a path part: everything but letters, digits and a few marks percent-encoded. */
    private static String escapeSegment(String name) {
        return encode(name).replace("%24", "$").replace("%28", "(").replace("%29", ")");
    }

    /** Percent-encodes the UTF-8 bytes of {@code text} but for unreserved characters (RFC 3986). */
    static String encode(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-_.~".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return out.toString();
    }
}
