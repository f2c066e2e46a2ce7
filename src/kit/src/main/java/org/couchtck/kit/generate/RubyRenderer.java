package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Renders generated functions as Ruby for relaxo-query-server, in the conventions of the kit's ruby pack: the source
 * is a Ruby expression the server evaluates, whose value is {@code lambda { |doc| ... }} calling {@code emit(key,
 * value)}; documents are Hashes with string keys (JSON.parse), and the replies are written with {@code to_json}.
 * Statements before the lambda run once, when the function is compiled: they define the helpers the lambda closes
 * over. String literals are double-quoted and escape every character outside printable ASCII (and {@code #}, which
 * would start an interpolation), so sources are plain ASCII whatever the server's source encoding.
 *
 * <p>The tree means what its JavaScript rendering means, which the reference computes: a missing field is
 * JavaScript's {@code undefined}, which an object literal then leaves out and an array or an emit writes as null.
 * The Ruby rendering carries a sentinel object for it through the expression and applies the same two rules. NaN
 * and the infinities, which JSON cannot express, are written as JavaScript's JSON.stringify writes them: null (Ruby's
 * JSON generator refuses them).
 */
public final class RubyRenderer extends TreeRenderer {

    private static final LiteralSyntax LITERALS = new LiteralSyntax("nil", "true", "false",
            LiteralSyntax::parenthesised, LiteralSyntax::parenthesised, RubyRenderer::string,
            LiteralSyntax.Brackets.of("[", ", ", "", "]"), LiteralSyntax.Brackets.of("{", ", ", " => ", "}"));

    private static final String INDENT = "  ";

    /** What every JavaScript object has: {@code doc[name]} is never undefined for these, even when doc lacks them. */
    private static final Set<String> OBJECT_PROTOTYPE = Set.of("__proto__", "constructor", "toString", "valueOf",
            "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__",
            "__defineSetter__", "__lookupGetter__", "__lookupSetter__");

    /** The helpers every rendered function defines before its lambda. */
    static final String PRELUDE = "undefined = Object.new\n"
            + "v = lambda { |x| x.equal?(undefined) ? nil : x }\n"
            + "o = lambda { |*members| h = {}; members.each { |k, x| h[k] = x }; "
            + "h.reject { |k, x| x.equal?(undefined) } }\n";

    @Override
    public String language() {
        return "ruby";
    }

    @Override
    public String render(MapFunction function) {
        StringBuilder out = new StringBuilder(PRELUDE).append("lambda { |doc|\n");
        statements(function.body(), 1, out);
        return out.append("}\n").toString();
    }

    @Override
    public boolean hasLibraries() {
        return false;
    }

    @Override
    public String libraryModule(long value) {
        throw new IllegalStateException("the kit writes no Ruby library modules (relaxo's are class bodies)");
    }

    private void statements(List<MapFunction.Statement> statements, int depth, StringBuilder out) {
        String indent = INDENT.repeat(depth);
        for (MapFunction.Statement statement : statements) {
            if (statement instanceof MapFunction.Emit emit) {
                out.append(indent).append("emit(v.(").append(expr(emit.key())).append("), v.(")
                        .append(expr(emit.value())).append("))\n");
            } else if (statement instanceof MapFunction.When when) {
                out.append(indent).append("if ").append(condition(when.condition())).append("\n");
                statements(when.then(), depth + 1, out);
                out.append(indent).append("end\n");
            }
        }
    }

    @Override
    String has(String name) {
        return OBJECT_PROTOTYPE.contains(name) ? "true" : "doc.key?(" + string(name) + ")";
    }

    @Override
    String isNumber(String name) {
        // JSON.parse gives Integer or Float; true and false are not Numeric.
        return field(name) + ".is_a?(Numeric)";
    }

    @Override
    String isString(String name) {
        return field(name) + ".is_a?(String)";
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
        return items.stream().map(item -> "v.(" + item + ")").collect(Collectors.joining(", ", "[", "]"));
    }

    @Override
    String object(List<Map.Entry<String, String>> members) {
        return members.stream().map(m -> "[" + string(m.getKey()) + ", " + m.getValue() + "]")
                .collect(Collectors.joining(", ", "o.(", ")"));
    }

    @Override
    String library(String module) {
        throw new IllegalStateException("the kit writes no Ruby library modules (relaxo's are class bodies)");
    }

    @Override
    String nonJson(MapFunction.NonJson.Kind kind) {
        return kind == MapFunction.NonJson.Kind.UNDEFINED ? "undefined" : "nil";
    }

    /**
     * A document field. A missing {@code __proto__} is JavaScript's Object.prototype, written as {}; a missing
     * method of it is a function, which JSON writes as it writes undefined.
     */
    @Override
    String field(String name) {
        return "doc.fetch(" + string(name) + ", " + (name.equals("__proto__") ? "{}" : "undefined") + ")";
    }

    private static String literal(JsonNode value) {
        return LITERALS.write(value);
    }

    /** A double-quoted Ruby literal (UTF-8): {@code "}, {@code \\} and {@code #} backslashed, the rest as {@code \\u{...}}. */
    static String string(String text) {
        return LiteralSyntax.codePointString(text, "\"\\#", "\\u{", "Ruby");
    }
}
