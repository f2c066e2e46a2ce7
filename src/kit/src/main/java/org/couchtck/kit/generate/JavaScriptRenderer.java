package org.couchtck.kit.generate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders generated functions as JavaScript for couchjs-like servers. Literals are written with every non-ASCII
 * character escaped, so the source means the same to any JavaScript engine whatever it thinks of U+2028 or lone
 * surrogates in source text.
 */
public final class JavaScriptRenderer extends TreeRenderer {

    private static final ObjectMapper ASCII = JsonMapper.builder()
            .enable(JsonGenerator.Feature.ESCAPE_NON_ASCII)
            .build();

    @Override
    public String language() {
        return "javascript";
    }

    @Override
    public String render(MapFunction function) {
        return "function(doc) {" + statements(function.body()) + "}";
    }

    @Override
    public boolean hasLibraries() {
        return true;
    }

    @Override
    public String libraryModule(long value) {
        return "exports.value = " + value + ";";
    }

    private String statements(List<MapFunction.Statement> statements) {
        StringBuilder out = new StringBuilder(" ");
        for (MapFunction.Statement statement : statements) {
            if (statement instanceof MapFunction.Emit emit) {
                out.append("emit(").append(expr(emit.key())).append(", ").append(expr(emit.value())).append("); ");
            } else if (statement instanceof MapFunction.When when) {
                out.append("if (").append(condition(when.condition())).append(") {")
                        .append(statements(when.then())).append("} ");
            }
        }
        return out.toString();
    }

    @Override
    String has(String name) {
        return field(name) + " !== undefined";
    }

    @Override
    String isNumber(String name) {
        return "typeof " + field(name) + " === \"number\"";
    }

    @Override
    String isString(String name) {
        return "typeof " + field(name) + " === \"string\"";
    }

    @Override
    String not(String condition) {
        return "!(" + condition + ")";
    }

    @Override
    String constant(JsonNode value) {
        return literal(value);
    }

    @Override
    String array(List<String> items) {
        return "[" + String.join(", ", items) + "]";
    }

    @Override
    String object(List<Map.Entry<String, String>> members) {
        return members.stream().map(m -> literal(ASCII.getNodeFactory().textNode(m.getKey())) + ": " + m.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }

    @Override
    String library(String module) {
        return "require(" + literal(ASCII.getNodeFactory().textNode("views/lib/" + module)) + ").value";
    }

    @Override
    String nonJson(MapFunction.NonJson.Kind kind) {
        return switch (kind) {
            case UNDEFINED -> "undefined";
            case NAN -> "NaN";
            case INFINITY -> "Infinity";
            case NEGATIVE_INFINITY -> "-Infinity";
        };
    }

    @Override
    String field(String name) {
        return "doc[" + literal(ASCII.getNodeFactory().textNode(name)) + "]";
    }

    private static String literal(JsonNode value) {
        try {
            String text = ASCII.writeValueAsString(value);
            // A negative literal inside an expression needs parentheses to stay one operand.
            return text.startsWith("-") ? "(" + text + ")" : text;
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
