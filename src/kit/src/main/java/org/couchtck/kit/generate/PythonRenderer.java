package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Renders generated functions as Python for couchdb-python-style servers: a map function is
 * {@code def fun(doc):} yielding {@code (key, value)} pairs.
 * String literals escape every non-ASCII code unit, so sources are plain ASCII whatever the server's source encoding.
 *
 * <p>The same source runs on Python 2.7 and Python 3.3 and later: string literals are {@code u""} literals, text on
 * both (a Python 2 byte string knows no escapes of code points beyond U+00FF); a string is of either text type
 * (Python 2 decodes JSON strings as {@code unicode}, some decoders ASCII ones as {@code str}); and a number may be
 * Python 2's {@code long}, which its JSON decoder gives for integers beyond {@code sys.maxint}.
 *
 * <p>The tree means what its JavaScript rendering means, which the reference computes: a missing field is
 * JavaScript's {@code undefined}, which an object literal then leaves out and an array or an emit writes as null.
 * The Python rendering carries a sentinel for it through the expression and applies the same two rules.
 */
public final class PythonRenderer extends TreeRenderer {

    private static final LiteralSyntax LITERALS = new LiteralSyntax("None", "True", "False",
            LiteralSyntax::parenthesised, LiteralSyntax::parenthesised, PythonRenderer::string,
            LiteralSyntax.Brackets.of("[", ", ", "", "]"), LiteralSyntax.Brackets.of("{", ", ", ": ", "}"));

    private static final String INDENT = "    ";

    /** What every JavaScript object has: {@code doc[name]} is never undefined for these, even when doc lacks them. */
    private static final Set<String> OBJECT_PROTOTYPE = Set.of("__proto__", "constructor", "toString", "valueOf",
            "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__",
            "__defineSetter__", "__lookupGetter__", "__lookupSetter__");

    @Override
    public String language() {
        return "python";
    }

    @Override
    public String render(MapFunction function) {
        StringBuilder out = new StringBuilder("def fun(doc):\n");
        out.append(INDENT).append("undefined = object()\n");
        out.append(INDENT).append("text = (type(u\"\"), type(\"\"))\n");
        out.append(INDENT).append("number = (int, float, type(2 ** 64))\n");
        out.append(INDENT).append("def v(x):\n").append(INDENT.repeat(2))
                .append("return None if x is undefined else x\n");
        out.append(INDENT).append("def o(*members):\n").append(INDENT.repeat(2))
                .append("return dict((k, x) for k, x in dict(members).items() if x is not undefined)\n");
        // A generator even when no statement yields: couchdb-python iterates over whatever the function returns.
        out.append(INDENT).append("if False:\n").append(INDENT).append(INDENT).append("yield None, None\n");
        statements(function.body(), 1, out);
        return out.toString();
    }

    @Override
    public boolean hasLibraries() {
        return false;
    }

    @Override
    public String libraryModule(long value) {
        throw new IllegalStateException("Python view servers have no CommonJS library modules");
    }

    private void statements(List<MapFunction.Statement> statements, int depth, StringBuilder out) {
        String indent = INDENT.repeat(depth);
        for (MapFunction.Statement statement : statements) {
            if (statement instanceof MapFunction.Emit emit) {
                out.append(indent).append("yield v(").append(expr(emit.key())).append("), v(")
                        .append(expr(emit.value())).append(")\n");
            } else if (statement instanceof MapFunction.When when) {
                out.append(indent).append("if ").append(condition(when.condition())).append(":\n");
                out.append(INDENT.repeat(depth + 1)).append("pass\n");
                statements(when.then(), depth + 1, out);
            }
        }
    }

    @Override
    String has(String name) {
        return OBJECT_PROTOTYPE.contains(name) ? "True" : string(name) + " in doc";
    }

    @Override
    String isNumber(String name) {
        String value = field(name);
        return "(isinstance(" + value + ", number) and not isinstance(" + value + ", bool))";
    }

    @Override
    String isString(String name) {
        return "isinstance(" + field(name) + ", text)";
    }

    @Override
    String not(String condition) {
        return "not (" + condition + ")";
    }

    @Override
    String constant(JsonNode value) {
        return literal(value);
    }

    @Override
    String array(List<String> items) {
        return items.stream().map(item -> "v(" + item + ")").collect(Collectors.joining(", ", "[", "]"));
    }

    @Override
    String object(List<Map.Entry<String, String>> members) {
        return members.stream().map(m -> "(" + string(m.getKey()) + ", " + m.getValue() + ")")
                .collect(Collectors.joining(", ", "o(", ")"));
    }

    @Override
    String library(String module) {
        throw new IllegalStateException("Python view servers have no CommonJS library modules");
    }

    @Override
    String nonJson(MapFunction.NonJson.Kind kind) {
        // JSON has no NaN or Infinity: JavaScript writes them as null, and CouchDB defines nothing for a Python
        // float('nan'), so the Python rendering asks for that null.
        return kind == MapFunction.NonJson.Kind.UNDEFINED ? "undefined" : "None";
    }

    /**
     * A document field. A missing {@code __proto__} is JavaScript's Object.prototype, written as {}; a missing
     * method of it is a function, which JSON writes as it writes undefined.
     */
    @Override
    String field(String name) {
        return "doc.get(" + string(name) + ", " + (name.equals("__proto__") ? "{}" : "undefined") + ")";
    }

    private static String literal(JsonNode value) {
        return LITERALS.write(value);
    }

    /**
     * A Python text literal ({@code u"..."}) of the UTF-16 code units of {@code text}; lone surrogates stay single code
     * points.
     */
    private static String string(String text) {
        StringBuilder out = new StringBuilder("u\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(String.format("\\U%08x", Character.toCodePoint(c, text.charAt(i + 1))));
                i++;
            } else if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                out.append(c);
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out.append('"').toString();
    }
}
