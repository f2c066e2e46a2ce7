package org.couchtck.kit.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code $fn} notation inside step values: {@code {"$fn": "map.emit-doc-id"}} names a catalogue function whose
 * source comes from the target language's pack; {@code {"$fn": {"javascript": "...", ...}}} gives sources inline.
 */
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

    /** The catalogue id a {@code $fn} object names; empty for inline sources. */
    static Optional<String> catalogueId(JsonNode function) {
        JsonNode spec = function.get(KEY);
        return spec.isTextual() ? Optional.of(spec.textValue()) : Optional.empty();
    }

    /** The source of a {@code $fn} object in {@code language}, if there is one. */
    static Optional<String> source(JsonNode function, String language, FunctionLibrary library) {
        JsonNode spec = function.get(KEY);
        if (spec.isTextual()) {
            return library.source(spec.textValue(), language);
        }
        JsonNode inline = spec.get(language);
        return inline != null && inline.isTextual() ? Optional.of(inline.textValue()) : Optional.empty();
    }

    /**
     * A copy of {@code value} with every {@code $fn} replaced by its source for {@code language}.
     *
     * @throws IllegalArgumentException when a function has no source for the language
     */
    static JsonNode substitute(JsonNode value, String language, FunctionLibrary library) {
        if (isFunction(value)) {
            return JsonNodeFactory.instance.textNode(source(value, language, library).orElseThrow(
                    () -> new IllegalArgumentException("no " + language + " source for " + value)));
        }
        if (value.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode(value.size());
            value.forEach(child -> copy.add(substitute(child, language, library)));
            return copy;
        }
        if (value.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> member = it.next();
                copy.set(member.getKey(), substitute(member.getValue(), language, library));
            }
            return copy;
        }
        return value;
    }
}
