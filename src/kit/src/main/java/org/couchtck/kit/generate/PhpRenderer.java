package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Renders generated functions as PHP for eoc-server ("Elephant on Couch"), in the conventions of the kit's php pack:
 * the source is a closure expression ending in a semicolon, {@code function($doc) use ($emit) { ... };}, that the
 * server evaluates as {@code eval('$closure = ' . $source)} and calls with the document as a stdClass; what it emits
 * is written with json_encode. A field is read through {@code get_object_vars($doc)}, so any name works (an empty
 * one, digits, a NUL inside) and a missing field raises no warning. String literals are double-quoted and escape
 * every character outside printable ASCII (and {@code $}, which would interpolate), so sources are plain ASCII.
 *
 * <p>The tree means what its JavaScript rendering means, which the reference computes: a missing field is
 * JavaScript's {@code undefined}, which an object literal then leaves out and an array or an emit writes as null.
 * The PHP rendering carries a sentinel object for it through the expression and applies the same two rules; an
 * object literal is a stdClass, so json_encode writes it as a JSON object even when it is empty, and an array
 * literal a list. NaN and the infinities, which json_encode refuses, are written as JSON.stringify writes them:
 * null.
 */
public final class PhpRenderer extends TreeRenderer {

    private static final LiteralSyntax LITERALS = new LiteralSyntax("null", "true", "false",
            LiteralSyntax::parenthesised, LiteralSyntax::parenthesised, PhpRenderer::string,
            LiteralSyntax.Brackets.of("[", ", ", "", "]"), LiteralSyntax.Brackets.of("(object) [", ", ", " => ", "]"));

    private static final String INDENT = "  ";

    /** What every JavaScript object has: {@code doc[name]} is never undefined for these, even when doc lacks them. */
    private static final Set<String> OBJECT_PROTOTYPE = Set.of("__proto__", "constructor", "toString", "valueOf",
            "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__",
            "__defineSetter__", "__lookupGetter__", "__lookupSetter__");

    /** The helpers every rendered function defines first: the sentinel, field reads, its two rules. */
    static final String PRELUDE = "function($doc) use ($emit) {\n"
            + "  $u = new \\stdClass();\n"
            + "  $d = get_object_vars($doc);\n"
            + "  $f = function($k, $missing) use ($d) { return array_key_exists($k, $d) ? $d[$k] : $missing; };\n"
            + "  $v = function($x) use ($u) { return $x === $u ? null : $x; };\n"
            + "  $o = function(...$members) use ($u) { $h = []; foreach ($members as [$k, $x]) { $h[$k] = $x; } "
            + "$r = []; foreach ($h as $k => $x) { if ($x !== $u) { $r[$k] = $x; } } return (object) $r; };\n";

    @Override
    public String language() {
        return "php";
    }

    @Override
    public String render(MapFunction function) {
        StringBuilder out = new StringBuilder(PRELUDE);
        statements(function.body(), 1, out);
        return out.append("};\n").toString();
    }

    @Override
    public boolean hasLibraries() {
        return false;
    }

    @Override
    public String libraryModule(long value) {
        throw new IllegalStateException("the kit writes no PHP library modules (eoc-server has none)");
    }

    private void statements(List<MapFunction.Statement> statements, int depth, StringBuilder out) {
        String indent = INDENT.repeat(depth);
        for (MapFunction.Statement statement : statements) {
            if (statement instanceof MapFunction.Emit emit) {
                out.append(indent).append("$emit($v(").append(expr(emit.key())).append("), $v(")
                        .append(expr(emit.value())).append("));\n");
            } else if (statement instanceof MapFunction.When when) {
                out.append(indent).append("if (").append(condition(when.condition())).append(") {\n");
                statements(when.then(), depth + 1, out);
                out.append(indent).append("}\n");
            }
        }
    }

    @Override
    String has(String name) {
        return OBJECT_PROTOTYPE.contains(name) ? "true" : "array_key_exists(" + string(name) + ", $d)";
    }

    @Override
    String isNumber(String name) {
        // json_decode gives int or float (a float for integers beyond PHP_INT_MAX); booleans are neither.
        return "(is_int(" + field(name) + ") || is_float(" + field(name) + "))";
    }

    @Override
    String isString(String name) {
        return "is_string(" + field(name) + ")";
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
        return items.stream().map(item -> "$v(" + item + ")").collect(Collectors.joining(", ", "[", "]"));
    }

    @Override
    String object(List<Map.Entry<String, String>> members) {
        return members.stream().map(m -> "[" + string(m.getKey()) + ", " + m.getValue() + "]")
                .collect(Collectors.joining(", ", "$o(", ")"));
    }

    @Override
    String library(String module) {
        throw new IllegalStateException("the kit writes no PHP library modules (eoc-server has none)");
    }

    @Override
    String nonJson(MapFunction.NonJson.Kind kind) {
        return kind == MapFunction.NonJson.Kind.UNDEFINED ? "$u" : "null";
    }

    /**
     * A document field. A missing {@code __proto__} is JavaScript's Object.prototype, written as {}; a missing
     * method of it is a function, which JSON writes as it writes undefined.
     */
    @Override
    String field(String name) {
        return "$f(" + string(name) + ", " + (name.equals("__proto__") ? "new \\stdClass()" : "$u") + ")";
    }

    private static String literal(JsonNode value) {
        return LITERALS.write(value);
    }

    /** A double-quoted PHP literal (UTF-8): {@code "}, {@code \\} and {@code $} backslashed, the rest as {@code \\u{...}}. */
    static String string(String text) {
        return LiteralSyntax.codePointString(text, "\"\\$", "\\u{", "PHP UTF-8");
    }
}
