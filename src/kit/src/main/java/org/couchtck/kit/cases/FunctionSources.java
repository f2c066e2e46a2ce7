package org.couchtck.kit.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** The {@code {"$fn": {"javascript": "...", ...}}} notation: per-language function sources inside step values. */
final class FunctionSources {

    static final String KEY = "$fn";

    private FunctionSources() {
    }

    /** Whether {@code node} is a {@code $fn} object. */
    static boolean isFunction(JsonNode node) {
        return node.isObject() && node.size() == 1 && node.has(KEY);
    }

    /** Every {@code $fn} object inside {@code value}, in document order. */
    static List<JsonNode> find(JsonNode value) {
        List<JsonNode> found = new ArrayList<>();
        collect(value, found);
        return found;
    }

    private static void collect(JsonNode value, List<JsonNode> found) {
        if (isFunction(value)) {
            found.add(value);
        } else if (value.isContainerNode()) {
            value.forEach(child -> collect(child, found));
        }
    }

    /**
     * A copy of {@code value} with every {@code $fn} replaced by its source for {@code language}.
     *
     * @throws IllegalArgumentException when a function has no source for the language
     */
    static JsonNode substitute(JsonNode value, String language) {
        if (isFunction(value)) {
            JsonNode source = value.get(KEY).get(language);
            if (source == null || !source.isTextual()) {
                throw new IllegalArgumentException("no " + language + " source for " + value);
            }
            return source;
        }
        if (value.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode(value.size());
            value.forEach(child -> copy.add(substitute(child, language)));
            return copy;
        }
        if (value.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> member = it.next();
                copy.set(member.getKey(), substitute(member.getValue(), language));
            }
            return copy;
        }
        return value;
    }
}
