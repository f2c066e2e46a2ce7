package org.couchtck.kit.daemons.external;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.couchtck.kit.cases.FixtureReader;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.daemons.external.ExternalRequest.FieldOrder;
import org.couchtck.kit.daemons.external.ExternalRequest.Header;
import org.couchtck.kit.daemons.external.ExternalRequest.User;

/**
 * Reads one {@code _external} fixture file ({@code fixtures/external/<section>.json}) into cases, as strictly as the
 * other corpora. Each request is built once while loading, so a request CouchDB would not hand to a handler is a load
 * error, not a surprise at run time.
 */
final class ExternalFixtureParser {

    /** A case as read, with its JSON pointer in the file. */
    record Loaded(ExternalCase testCase, String pointer) {}

    private static final Pattern METHOD = Pattern.compile("[A-Z]+");
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    /** The largest body a fixture may make with {@code bodyRepeat}. */
    static final long MAX_BODY_CHARS = 64L * 1024 * 1024;

    private static final Set<String> FILE_FIELDS = Set.of("section", "spec", "cases");
    private static final Set<String> CASE_FIELDS = Set.of("id", "level", "description", "spec", "note", "fresh",
            "steps");
    private static final Set<String> REQUEST_STEP_FIELDS = Set.of("request", "afterBadLine");
    private static final Set<String> REQUEST_FIELDS = Set.of("method", "path", "headers", "body", "bodyRepeat",
            "user", "secObj", "fields");
    private static final Set<String> REPEAT_FIELDS = Set.of("text", "times");
    private static final Set<String> USER_FIELDS = Set.of("name", "roles");

    private final FixtureReader reader;

    ExternalFixtureParser(String file) {
        this.reader = new FixtureReader(file);
    }

    /** The cases of the file, in file order. */
    List<Loaded> parse(String text) {
        return reader.sectionedCases(text, FILE_FIELDS, this::parseCase, Loaded::new);
    }

    private ExternalCase parseCase(JsonNode node, String at, String section, String fileSpec) {
        String id = reader.caseId(node, at, "external", section);
        reader.onlyFields(node, at, CASE_FIELDS);
        Level level = reader.level(node, at);
        String description = reader.description(node, at);
        String spec = reader.spec(node, at, fileSpec);
        String note = reader.optionalText(node, at, "note").orElse("");
        boolean fresh = reader.optionalBoolean(node, at, "fresh");
        JsonNode steps = node.get("steps");
        if (steps == null || !steps.isArray() || steps.isEmpty()) {
            throw reader.problem(at + "/steps", "steps must be a non-empty array");
        }
        List<ExternalStep> parsed = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            ExternalStep step = step(steps.get(i), at + "/steps/" + i);
            if (step instanceof ExternalStep.Close && i != steps.size() - 1) {
                throw reader.problem(at + "/steps/" + i, "close must be the last step");
            }
            parsed.add(step);
        }
        return new ExternalCase(id, section, level, description, spec, note, fresh, parsed, reader.file());
    }

    private ExternalStep step(JsonNode node, String at) {
        reader.requireObject(node, at, "a step is an object with request, raw or close");
        if (node.has("raw")) {
            reader.onlyFields(node, at, Set.of("raw"));
            String line = reader.requiredText(node, at, "raw");
            if (line.indexOf('\n') >= 0) {
                throw reader.problem(at + "/raw", "a raw line may not hold a newline");
            }
            return new ExternalStep.Raw(line);
        }
        if (node.has("close")) {
            reader.onlyFields(node, at, Set.of("close"));
            if (!node.get("close").isBoolean() || !node.get("close").booleanValue()) {
                throw reader.problem(at + "/close", "close must be true");
            }
            return new ExternalStep.Close();
        }
        if (!node.has("request")) {
            throw reader.problem(at, "a step needs request, raw or close");
        }
        reader.onlyFields(node, at, REQUEST_STEP_FIELDS);
        ExternalRequest request = request(node.get("request"), at + "/request");
        return new ExternalStep.Request(request, reader.optionalBoolean(node, at, "afterBadLine"));
    }

    private ExternalRequest request(JsonNode node, String at) {
        reader.requireObject(node, at, "a request is an object with method, path, headers, body, user, secObj");
        reader.onlyFields(node, at, REQUEST_FIELDS);
        String method = reader.optionalText(node, at, "method").orElse("GET");
        if (!METHOD.matcher(method).matches()) {
            throw reader.problem(at + "/method", "a method is uppercase letters");
        }
        String path = reader.requiredText(node, at, "path");
        List<Header> headers = headers(node.get("headers"), at + "/headers");
        Optional<String> body = reader.optionalText(node, at, "body");
        if (node.has("bodyRepeat")) {
            if (body.isPresent()) {
                throw reader.problem(at + "/bodyRepeat", "body and bodyRepeat exclude each other");
            }
            body = Optional.of(repeat(node.get("bodyRepeat"), at + "/bodyRepeat"));
        }
        Optional<User> user = node.has("user") ? Optional.of(user(node.get("user"), at + "/user")) : Optional.empty();
        ObjectNode secObj = null;
        if (node.has("secObj")) {
            reader.requireObject(node.get("secObj"), at + "/secObj", "secObj is an object");
            secObj = (ObjectNode) node.get("secObj");
        }
        FieldOrder order = FieldOrder.CHTTPD;
        if (node.has("fields")) {
            String fields = reader.requiredText(node, at, "fields");
            order = switch (fields) {
                case "chttpd" -> FieldOrder.CHTTPD;
                case "couch_httpd" -> FieldOrder.COUCH_HTTPD;
                default -> throw reader.problem(at + "/fields", "fields must be chttpd or couch_httpd");
            };
        }
        ExternalRequest request = new ExternalRequest(method, path, headers, body, user, secObj, order);
        try {
            RequestObjects.build(request, "0".repeat(32));
        } catch (IllegalArgumentException e) {
            throw reader.problem(at, e.getMessage());
        }
        return request;
    }

    private List<Header> headers(JsonNode node, String at) {
        List<Header> headers = new ArrayList<>();
        if (node == null) {
            return headers;
        }
        reader.requireObject(node, at, "headers is an object of names to a string (or an array of strings, sent as "
                + "that many header lines)");
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String where = at + "/" + FixtureReader.escape(entry.getKey());
            if (!TOKEN.matcher(entry.getKey()).matches()) {
                throw reader.problem(where, "a header name is an HTTP token");
            }
            JsonNode value = entry.getValue();
            List<JsonNode> values = new ArrayList<>();
            if (value.isArray()) {
                value.forEach(values::add);
            } else {
                values.add(value);
            }
            for (JsonNode one : values) {
                if (!one.isTextual() || one.textValue().indexOf('\r') >= 0 || one.textValue().indexOf('\n') >= 0) {
                    throw reader.problem(where, "a header value is a string without line breaks");
                }
                headers.add(new Header(entry.getKey(), one.textValue()));
            }
        }
        return headers;
    }

    private String repeat(JsonNode node, String at) {
        reader.requireObject(node, at, "bodyRepeat is {\"text\": T, \"times\": N}");
        reader.onlyFields(node, at, REPEAT_FIELDS);
        String text = reader.requiredText(node, at, "text");
        JsonNode times = node.get("times");
        if (times == null || !times.isIntegralNumber() || times.asLong() < 1
                || times.asLong() * Math.max(1, text.length()) > MAX_BODY_CHARS) {
            throw reader.problem(at + "/times", "times is a whole number from 1, text × times at most "
                    + MAX_BODY_CHARS + " characters");
        }
        return text.repeat(times.asInt());
    }

    private User user(JsonNode node, String at) {
        reader.requireObject(node, at, "user is {\"name\": N, \"roles\": [...]}");
        reader.onlyFields(node, at, USER_FIELDS);
        String name = reader.requiredText(node, at, "name");
        List<String> roles = new ArrayList<>();
        JsonNode list = node.get("roles");
        if (list != null) {
            if (!list.isArray()) {
                throw reader.problem(at + "/roles", "roles is an array of strings");
            }
            for (int i = 0; i < list.size(); i++) {
                if (!list.get(i).isTextual()) {
                    throw reader.problem(at + "/roles/" + i, "a role is a string");
                }
                roles.add(list.get(i).textValue());
            }
        }
        return new User(name, roles);
    }
}
