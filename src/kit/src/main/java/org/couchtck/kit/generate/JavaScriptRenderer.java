package org.couchtck.kit.generate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders generated functions as JavaScript for couchjs-like servers. Literals are written with every non-ASCII
 * character escaped, so the source means the same to any JavaScript engine whatever it thinks of U+2028 or lone
 * surrogates in source text.
 */
public final class JavaScriptRenderer implements FunctionRenderer {

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

    private String condition(MapFunction.Condition condition) {
        if (condition instanceof MapFunction.Has has) {
            return field(has.field()) + " !== undefined";
        }
        if (condition instanceof MapFunction.IsNumber number) {
            return "typeof " + field(number.field()) + " === \"number\"";
        }
        if (condition instanceof MapFunction.IsString string) {
            return "typeof " + field(string.field()) + " === \"string\"";
        }
        return "!(" + condition(((MapFunction.Not) condition).condition()) + ")";
    }

    private String expr(MapFunction.Expr expr) {
        if (expr instanceof MapFunction.Field field) {
            return field(field.name());
        }
        if (expr instanceof MapFunction.Constant constant) {
            return literal(constant.value());
        }
        if (expr instanceof MapFunction.ArrayOf array) {
            return array.items().stream().map(this::expr).collect(Collectors.joining(", ", "[", "]"));
        }
        if (expr instanceof MapFunction.Library library) {
            return "require(" + literal(ASCII.getNodeFactory().textNode("views/lib/" + library.module())) + ").value";
        }
        if (expr instanceof MapFunction.ObjectOf object) {
            return object.members().stream()
                    .map(m -> literal(ASCII.getNodeFactory().textNode(m.key())) + ": " + expr(m.value()))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        return switch (((MapFunction.NonJson) expr).kind()) {
            case UNDEFINED -> "undefined";
            case NAN -> "NaN";
            case INFINITY -> "Infinity";
            case NEGATIVE_INFINITY -> "-Infinity";
        };
    }

    private static String field(String name) {
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
