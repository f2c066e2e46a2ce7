package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.wire.WireJson;

/**
 * {@code {{name}}} variables in the strings of a step, and how they are filled in (fixtures/README.md "HTTP cases").
 * A string that is exactly one variable stands for the bound JSON value itself; inside a longer string the value is
 * inserted as text (a string as it is, anything else as compact JSON), and in a path also percent-encoded.
 */
final class Template {

    /** Anything between double braces; the parser checks that it is a {@link #NAME}. */
    static final Pattern VARIABLE = Pattern.compile("\\{\\{([^{}]*)}}");
    /** A variable, database or capture name. */
    static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String UNRESERVED =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

    private Template() {
    }

    /** What stands between the braces of each variable of {@code text}, in order. */
    static List<String> variables(String text) {
        List<String> names = new ArrayList<>();
        Matcher m = VARIABLE.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** Whether any string inside {@code template} holds a variable. */
    static boolean hasVariables(JsonNode template) {
        if (template.isTextual()) {
            return VARIABLE.matcher(template.textValue()).find();
        }
        for (JsonNode child : template) {
            if (hasVariables(child)) {
                return true;
            }
        }
        return false;
    }

    /** {@code template} with each variable replaced by its value as text (headers, raw bodies). */
    static String text(String template, Bindings bindings) {
        return VARIABLE.matcher(template).replaceAll(m -> Matcher.quoteReplacement(asText(
                bindings.value(m.group(1)))));
    }

    /** {@code template} with each variable replaced by its value as text, percent-encoded for a path or query. */
    static String path(String template, Bindings bindings) {
        return VARIABLE.matcher(template).replaceAll(m -> Matcher.quoteReplacement(percentEncoded(asText(
                bindings.value(m.group(1))))));
    }

    /** A JSON body: a string that is exactly one variable becomes its value; others get values inserted as text. */
    static JsonNode json(JsonNode template, Bindings bindings) {
        if (template.isTextual()) {
            Optional<String> whole = wholeVariable(template.textValue());
            return whole.isPresent() ? bindings.value(whole.get()) : NODES.textNode(text(template.textValue(),
                    bindings));
        }
        if (template.isArray()) {
            ArrayNode array = NODES.arrayNode();
            template.forEach(element -> array.add(json(element, bindings)));
            return array;
        }
        if (template.isObject()) {
            ObjectNode object = NODES.objectNode();
            template.properties().forEach(f -> object.set(f.getKey(), json(f.getValue(), bindings)));
            return object;
        }
        return template;
    }

    /**
     * A matcher spec: as {@link #json}, except that an object or array value standing where a matcher stands is
     * wrapped in {@code $literal}, so that a captured document with {@code "$"} keys is compared, not compiled. The
     * direct argument of an operator ({@code {"$unordered": "{{rows}}"}}) gets the value as it is.
     */
    static JsonNode matcherSpec(JsonNode template, Bindings bindings) {
        return matcherSpec(template, bindings, false);
    }

    private static JsonNode matcherSpec(JsonNode template, Bindings bindings, boolean operatorArgument) {
        if (template.isTextual()) {
            Optional<String> whole = wholeVariable(template.textValue());
            if (whole.isEmpty()) {
                return NODES.textNode(text(template.textValue(), bindings));
            }
            JsonNode value = bindings.value(whole.get());
            return value.isContainerNode() && !operatorArgument ? NODES.objectNode().set("$literal", value) : value;
        }
        if (template.isArray()) {
            ArrayNode array = NODES.arrayNode();
            template.forEach(element -> array.add(matcherSpec(element, bindings, false)));
            return array;
        }
        if (template.isObject()) {
            boolean operator = template.size() == 1 && template.fieldNames().next().startsWith("$");
            ObjectNode object = NODES.objectNode();
            for (Map.Entry<String, JsonNode> field : template.properties()) {
                JsonNode value = operator && field.getKey().equals("$literal")
                        ? json(field.getValue(), bindings)
                        : matcherSpec(field.getValue(), bindings, operator);
                object.set(field.getKey(), value);
            }
            return object;
        }
        return template;
    }

    /** The variable a string consists of, if it is exactly one. */
    static Optional<String> wholeVariable(String text) {
        Matcher m = VARIABLE.matcher(text);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** A value as text: a string as it is, anything else as compact JSON. */
    static String asText(JsonNode value) {
        return value.isTextual() ? value.textValue() : WireJson.write(value);
    }

    /** Every byte outside RFC 3986's unreserved characters as {@code %XX}: safe in a path segment and a query. */
    static String percentEncoded(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x80 && UNRESERVED.indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }
}
