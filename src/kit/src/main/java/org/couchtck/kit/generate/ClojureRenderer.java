package org.couchtck.kit.generate;

import java.math.BigInteger;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Renders generated functions as Clojure for clutch-style servers (com.ashafa.clutch.view-server, the clojure pack's
 * conventions): a map function is {@code (fn [doc] rows)} returning a vector of {@code [key value]} rows in emit
 * order; the document arrives as cheshire parses it with keyword keys, so a field is read as {@code (:a doc)} or,
 * for names that are no keyword literal, {@code (keyword "name")}, which is how cheshire makes the key. What the
 * function returns is written back by cheshire. String literals escape every character outside printable ASCII as
 * {@code \}{@code uXXXX} UTF-16 code units (Clojure strings are Java strings), so sources are plain ASCII.
 *
 * <p>The tree means what its JavaScript rendering means, which the reference computes: a missing field is
 * JavaScript's {@code undefined}, which an object literal leaves out and an array or an emit writes as null. The
 * rendering carries a sentinel for it through the expression ({@code undefined}, with {@code v} turning it into
 * nil and {@code o} building a map without it); object literals use string keys, which cheshire writes as they are,
 * and a repeated key keeps its last value, as in JavaScript. NaN and the infinities, which JSON lacks and JavaScript
 * writes as null, are written as nil.
 */
public final class ClojureRenderer extends TreeRenderer {

    private static final LiteralSyntax LITERALS = new LiteralSyntax("nil", "true", "false", BigInteger::toString,
            Double::toString, ClojureRenderer::string, LiteralSyntax.Brackets.of("[", " ", "", "]"),
            new LiteralSyntax.Brackets("(o", "", " ", " ", ")"));

    /** What every JavaScript object has: {@code doc[name]} is never undefined for these, even when doc lacks them. */
    private static final Set<String> OBJECT_PROTOTYPE = Set.of("__proto__", "constructor", "toString", "valueOf",
            "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__",
            "__defineSetter__", "__lookupGetter__", "__lookupSetter__");

    /** Names written as keyword literals; any other is {@code (keyword "name")}. */
    private static final Pattern SIMPLE_KEYWORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The locals every rendered map function starts with. */
    static final String PRELUDE = "(let [undefined (Object.)\n"
            + "        v (fn [x] (if (identical? x undefined) nil x))\n"
            + "        o (fn [& members]\n"
            + "            (reduce (fn [m [k x]] (if (identical? x undefined) (dissoc m k) (assoc m k x)))\n"
            + "                    {} (partition 2 members)))]\n";

    @Override
    public String language() {
        return "clojure";
    }

    @Override
    public String render(MapFunction function) {
        return "(fn [doc]\n  " + PRELUDE + "    " + rows(function.body(), true) + "))";
    }

    @Override
    public boolean hasLibraries() {
        return false;
    }

    @Override
    public String libraryModule(long value) {
        throw new IllegalStateException("clutch has no library modules (add_lib)");
    }

    /**
     * The rows of {@code statements}: a vector literal when they are all emits, else the concatenation of the runs
     * of emits and of the conditional parts, made a vector at the top (clutch realises the rows outside its try).
     */
    private String rows(List<MapFunction.Statement> statements, boolean top) {
        List<String> parts = new ArrayList<>();
        List<String> run = new ArrayList<>();
        for (MapFunction.Statement statement : statements) {
            if (statement instanceof MapFunction.Emit emit) {
                run.add("[(v " + expr(emit.key()) + ") (v " + expr(emit.value()) + ")]");
            } else if (statement instanceof MapFunction.When when) {
                if (!run.isEmpty()) {
                    parts.add("[" + String.join(" ", run) + "]");
                    run.clear();
                }
                parts.add("(when " + condition(when.condition()) + " " + rows(when.then(), false) + ")");
            }
        }
        if (!run.isEmpty()) {
            parts.add("[" + String.join(" ", run) + "]");
        }
        if (parts.isEmpty()) {
            return "[]";
        }
        if (parts.size() == 1 && (parts.get(0).startsWith("[") || !top)) {
            return parts.get(0);
        }
        String concat = parts.size() == 1 ? parts.get(0) : "(concat " + String.join(" ", parts) + ")";
        return top ? "(vec " + concat + ")" : concat;
    }

    @Override
    String has(String name) {
        return OBJECT_PROTOTYPE.contains(name) ? "true" : "(contains? doc " + keyword(name) + ")";
    }

    @Override
    String isNumber(String name) {
        return "(number? " + field(name) + ")";
    }

    @Override
    String isString(String name) {
        return "(string? " + field(name) + ")";
    }

    @Override
    String not(String condition) {
        return "(not " + condition + ")";
    }

    @Override
    String constant(JsonNode value) {
        return literal(value);
    }

    @Override
    String array(List<String> items) {
        return items.stream().map(item -> "(v " + item + ")").collect(Collectors.joining(" ", "[", "]"));
    }

    @Override
    String object(List<Map.Entry<String, String>> members) {
        return members.stream().map(m -> " " + string(m.getKey()) + " " + m.getValue())
                .collect(Collectors.joining("", "(o", ")"));
    }

    @Override
    String library(String module) {
        throw new IllegalStateException("clutch has no library modules (add_lib)");
    }

    @Override
    String nonJson(MapFunction.NonJson.Kind kind) {
        // JSON has no NaN or Infinity: JavaScript writes them as null (cheshire would write "NaN" as a string).
        return kind == MapFunction.NonJson.Kind.UNDEFINED ? "undefined" : "nil";
    }

    /**
     * A document field. A missing {@code __proto__} is JavaScript's Object.prototype, written as {}; a missing
     * method of it is a function, which JSON writes as it writes undefined.
     */
    @Override
    String field(String name) {
        return "(get doc " + keyword(name) + " " + (name.equals("__proto__") ? "{}" : "undefined") + ")";
    }

    /** The keyword cheshire makes of the key {@code name}. */
    private static String keyword(String name) {
        return SIMPLE_KEYWORD.matcher(name).matches() ? ":" + name : "(keyword " + string(name) + ")";
    }

    private static String literal(JsonNode value) {
        return LITERALS.write(value);
    }

    /** A Clojure string literal of the UTF-16 code units of {@code text}; lone surrogates stay single units. */
    static String string(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
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
