package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A design document's {@code rewrites} array, matched as chttpd_rewrite matches it: the first rule whose
 * {@code method} (default any) and {@code from} path fit the path after {@code _rewrite} wins; {@code :name} binds a
 * segment, {@code *} the rest; the rule's {@code query} is filled from the bindings and the request's query; the
 * {@code to} path is relative to the design document. Every rule is parsed before any is matched, so one rule with
 * a third {@code ..} refuses every request ({@code secure_rewrites}).
 */
final class RewriteRules {

    /** Query values that are JSON in a view request: decoded from the request, encoded again for the target. */
    private static final Set<String> JSON_KEYS = Set.of("key", "startkey", "start_key", "endkey", "end_key", "keys");
    private static final String ALL = "*";

    private RewriteRules() {}

    /** A rule as make_rule reads it; path tokens are literals, {@code ":name"} bindings and {@code "*"}. */
    private record Rule(String method, List<String> from, List<String> to, JsonNode query, JsonNode formats) {}

    /** A binding: name (a path variable's, a query parameter's) and value (a string, or decoded JSON for a JSON key). */
    private record Binding(String name, JsonNode value) {}

    /**
     * The path and query, relative to the design document, that the request is rewritten to.
     *
     * @param rules the {@code rewrites} array
     * @param parts the decoded path segments after {@code _rewrite}
     * @param query the request's query parameters, decoded, in order
     * @param secure {@code [chttpd] secure_rewrites}
     * @throws CouchError 404 {@code not_found} when no rule fits, 500 {@code insecure_rewrite_rule}
     */
    static String target(JsonNode rules, String method, List<String> parts, List<Map.Entry<String, String>> query,
            boolean secure) {
        List<Rule> parsed = new ArrayList<>();
        for (JsonNode r : rules) {
            if (r.isObject()) {
                parsed.add(rule(r, secure));
            }
        }
        List<Binding> queryList = new ArrayList<>();
        for (Map.Entry<String, String> q : query) {
            queryList.add(new Binding(q.getKey(), JSON_KEYS.contains(q.getKey()) ? decode(q.getValue())
                    : Json.MAPPER.getNodeFactory().textNode(q.getValue())));
        }
        for (Rule rule : parsed) {
            if (!rule.method().equals(ALL) && !rule.method().equals(method)) {
                continue;
            }
            List<Binding> bindings = new ArrayList<>();
            List<String> remaining = bind(rule.from(), parts, bindings);
            if (remaining == null) {
                continue;
            }
            // bind_path prepends, so later path variables come first, then the request's query
            java.util.Collections.reverse(bindings);
            bindings.addAll(queryList);
            List<Binding> ruleQuery = queryArgs(rule, bindings);
            List<Binding> all = new ArrayList<>();
            for (Binding b : bindings) {
                if (find(ruleQuery, b.name()) == null) {
                    all.add(b);
                }
            }
            all.addAll(ruleQuery);
            return pathOf(rule.to(), all, remaining) + queryOf(all);
        }
        throw CouchError.notFound("missing");
    }

    private static Rule rule(JsonNode r, boolean secure) {
        String method = r.path("method").isTextual() ? r.get("method").asText() : ALL;
        List<String> from = r.has("from") ? parsePath(r.get("from").asText(), secure) : List.of(ALL);
        if (!r.has("to")) {
            throw new CouchError(500, "error", "invalid_rewrite_target");
        }
        List<String> to = parsePath(r.get("to").asText(), secure);
        return new Rule(method, from, to, r.path("query"), r.path("formats"));
    }

    private static List<String> parsePath(String path, boolean secure) {
        List<String> tokens = new ArrayList<>();
        int dotDots = 0;
        for (String p : path.split("/", -1)) {
            if (p.isEmpty()) {
                continue;
            }
            if (p.equals("..")) {
                if (dotDots == 2 && secure) {
                    throw new CouchError(500, "insecure_rewrite_rule", "too many ../.. segments");
                }
                dotDots++;
            }
            tokens.add(p);
        }
        return tokens;
    }

    /** bind_path: the segments left for a trailing {@code *}, or null when the rule does not fit. */
    private static List<String> bind(List<String> from, List<String> parts, List<Binding> bindings) {
        int i = 0;
        for (; i < from.size(); i++) {
            String token = from.get(i);
            if (token.equals(ALL) && i == from.size() - 1) {
                return parts.subList(i, parts.size());
            }
            if (i >= parts.size()) {
                return null;
            }
            if (token.startsWith(":")) {
                bindings.add(new Binding(token.substring(1), Json.MAPPER.getNodeFactory().textNode(parts.get(i))));
            } else if (!token.equals(parts.get(i))) {
                return null;
            }
        }
        return i == parts.size() ? List.of() : null;
    }

    /** make_query_list: the rule's query with {@code :name} and {@code *} values taken from the bindings. */
    private static List<Binding> queryArgs(Rule rule, List<Binding> bindings) {
        List<Binding> out = new ArrayList<>();
        rule.query().fields().forEachRemaining(e -> {
            JsonNode v = e.getValue();
            JsonNode value;
            if (v.isTextual()) {
                value = variable(v.asText(), bindings, rule.formats());
            } else if (v.isArray()) {
                var list = Json.MAPPER.createArrayNode();
                v.forEach(x -> list.add(x.isTextual() && x.asText().startsWith(":")
                        ? variable(x.asText(), bindings, rule.formats()) : x));
                value = list;
            } else {
                value = v;
            }
            out.add(0, new Binding(e.getKey(), value));
        });
        return out;
    }

    private static JsonNode variable(String text, List<Binding> bindings, JsonNode formats) {
        String name;
        if (text.equals(ALL)) {
            name = ALL;
        } else if (text.startsWith(":")) {
            name = text.substring(1);
        } else {
            return Json.MAPPER.getNodeFactory().textNode(text);
        }
        Binding b = find(bindings, name);
        JsonNode value = b == null ? Json.MAPPER.getNodeFactory().textNode(text) : b.value();
        return format(formats.path(name).asText(null), value);
    }

    private static JsonNode format(String format, JsonNode value) {
        if (format == null || !value.isTextual()) {
            return value;
        }
        String s = value.asText();
        if (format.equals("int") && s.matches("[+-]?[0-9]+")) {
            return Json.MAPPER.getNodeFactory().numberNode(new java.math.BigInteger(s));
        }
        if (format.equals("bool") && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
            return Json.MAPPER.getNodeFactory().booleanNode(s.equalsIgnoreCase("true"));
        }
        return value;
    }

    private static Binding find(List<Binding> bindings, String name) {
        for (Binding b : bindings) {
            if (b.name().equals(name)) {
                return b;
            }
        }
        return null;
    }

    /** make_new_path: literals, bound values ("undefined" when unbound), and the rest of the path for {@code *}. */
    private static String pathOf(List<String> to, List<Binding> bindings, List<String> remaining) {
        List<String> parts = new ArrayList<>();
        for (String token : to) {
            if (token.equals(ALL)) {
                parts.addAll(remaining);
                break;
            }
            if (token.startsWith(":")) {
                Binding b = find(bindings, token.substring(1));
                parts.add(b == null ? "undefined" : iolist(b.value()));
            } else {
                parts.add(token);
            }
        }
        List<String> quoted = new ArrayList<>();
        parts.forEach(p -> quoted.add(MochiwebQuoting.quotePlus(p)));
        return String.join("/", quoted);
    }

    /** maybe_encode_bindings: every binding but {@code *}, in reverse, JSON keys encoded as JSON. */
    private static String queryOf(List<Binding> bindings) {
        List<Map.Entry<String, String>> pairs = new ArrayList<>();
        for (Binding b : bindings) {
            if (!b.name().equals(ALL)) {
                String value = JSON_KEYS.contains(b.name()) ? Json.write(b.value()) : iolist(b.value());
                pairs.add(0, Map.entry(b.name(), value));
            }
        }
        return pairs.isEmpty() ? "" : "?" + MochiwebQuoting.urlencode(pairs);
    }

    /** iolist_to_binary of a binding: strings and lists of strings; anything else is Erlang's badarg. */
    private static String iolist(JsonNode value) {
        if (value.isTextual()) {
            return value.asText();
        }
        if (value.isArray()) {
            StringBuilder out = new StringBuilder();
            value.forEach(v -> out.append(iolist(v)));
            return out.toString();
        }
        throw new CouchError(500, "unknown_error", "badarg");
    }

    private static JsonNode decode(String text) {
        try {
            JsonNode node = Json.MAPPER.readTree(text);
            if (node == null) {
                throw CouchError.badRequest("invalid_json");
            }
            return node;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw CouchError.badRequest("invalid_json");
        }
    }
}
