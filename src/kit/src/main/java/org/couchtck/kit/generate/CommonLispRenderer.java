package org.couchtck.kit.generate;

import java.math.BigInteger;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Renders generated functions as Common Lisp for chillax-style servers (zkat/chillax on SBCL, JSON by yason; the
 * common-lisp pack's conventions): a map function is {@code (lambda (doc) ... (emit key value))}, read in the package
 * CHILLAX-SERVER-USER; the document is a yason EQUAL hash table read with {@code gethash}. Values go out as yason
 * writes them: arrays are vectors (an empty list would be null), objects EQUAL hash tables, null NIL, true T and false
 * {@code 'yason:false}; doubles are written as double-float literals. Every helper is declared ignorable and
 * {@code doc} too, since chillax logs a line for any compiler warning.
 *
 * <p>Common Lisp strings have no escapes but {@code \}: a string of printable ASCII is a literal, any other is built
 * from its code points ({@code (map 'string #'code-char '(...))}), one character for each Unicode code point as yason
 * decodes a JSON string (a surrogate pair is one character), so sources are plain ASCII.
 *
 * <p>The tree means what its JavaScript rendering means, which the reference computes: a missing field is
 * JavaScript's {@code undefined}, which an object literal leaves out and an array or an emit writes as null. The
 * rendering carries a sentinel for it ({@code undefined}, an uninterned symbol; {@code f} reads a field or gives it,
 * {@code v} turns it into NIL, {@code o} builds a hash table without it, a repeated key keeping its last value as in
 * JavaScript). NaN and the infinities, which JSON lacks and JavaScript writes as null, are written as NIL.
 */
public final class CommonLispRenderer extends TreeRenderer {

    private static final LiteralSyntax LITERALS = new LiteralSyntax("nil", "t", "'yason:false", BigInteger::toString,
            CommonLispRenderer::doubleFloat, CommonLispRenderer::string,
            new LiteralSyntax.Brackets("(vector", "", " ", "", ")"), new LiteralSyntax.Brackets("(o", "", " ", " ", ")"));

    /** A double as a Lisp double-float (1.5d0, 1.0d10): a plain 1.5 would read as a single float. */
    private static String doubleFloat(double value) {
        String text = Double.toString(value);
        return text.contains("E") ? text.replace('E', 'd') : text + "d0";
    }

    /** What every JavaScript object has: {@code doc[name]} is never undefined for these, even when doc lacks them. */
    private static final Set<String> OBJECT_PROTOTYPE = Set.of("__proto__", "constructor", "toString", "valueOf",
            "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__",
            "__defineSetter__", "__lookupGetter__", "__lookupSetter__");

    /** The helpers every rendered map function starts with. */
    static final String PRELUDE = "(lambda (doc)\n"
            + "  (declare (ignorable doc))\n"
            + "  (let ((undefined (make-symbol \"UNDEFINED\")))\n"
            + "    (labels ((f (name &optional (missing undefined))\n"
            + "               (multiple-value-bind (x present) (gethash name doc) (if present x missing)))\n"
            + "             (v (x) (if (eq x undefined) nil x))\n"
            + "             (o (&rest members)\n"
            + "               (let ((table (make-hash-table :test #'equal)))\n"
            + "                 (loop for (k x) on members by #'cddr\n"
            + "                       do (if (eq x undefined) (remhash k table) (setf (gethash k table) x)))\n"
            + "                 table)))\n"
            + "      (declare (ignorable #'f #'v #'o))\n";

    @Override
    public String language() {
        return "common-lisp";
    }

    @Override
    public String render(MapFunction function) {
        StringBuilder out = new StringBuilder(PRELUDE);
        out.append("      nil");
        statements(function.body(), 3, out);
        return out.append(")))").toString();
    }

    @Override
    public boolean hasLibraries() {
        return false;
    }

    @Override
    public String libraryModule(long value) {
        throw new IllegalStateException("chillax has no library modules (add_lib)");
    }

    private void statements(List<MapFunction.Statement> statements, int depth, StringBuilder out) {
        String indent = "  ".repeat(depth);
        for (MapFunction.Statement statement : statements) {
            out.append('\n').append(indent);
            if (statement instanceof MapFunction.Emit emit) {
                out.append("(emit (v ").append(expr(emit.key())).append(") (v ").append(expr(emit.value()))
                        .append("))");
            } else if (statement instanceof MapFunction.When when) {
                out.append("(when ").append(condition(when.condition()));
                statements(when.then(), depth + 1, out);
                out.append(')');
            }
        }
    }

    @Override
    String has(String name) {
        return OBJECT_PROTOTYPE.contains(name) ? "t" : "(nth-value 1 (gethash " + string(name) + " doc))";
    }

    @Override
    String isNumber(String name) {
        return "(numberp " + field(name) + ")";
    }

    @Override
    String isString(String name) {
        return "(stringp " + field(name) + ")";
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
        return items.stream().map(item -> " (v " + item + ")").collect(Collectors.joining("", "(vector", ")"));
    }

    @Override
    String object(List<Map.Entry<String, String>> members) {
        return members.stream().map(m -> " " + string(m.getKey()) + " " + m.getValue())
                .collect(Collectors.joining("", "(o", ")"));
    }

    @Override
    String library(String module) {
        throw new IllegalStateException("chillax has no library modules (add_lib)");
    }

    @Override
    String nonJson(MapFunction.NonJson.Kind kind) {
        // JSON has no NaN or Infinity: JavaScript writes them as null.
        return kind == MapFunction.NonJson.Kind.UNDEFINED ? "undefined" : "nil";
    }

    /**
     * A document field. A missing {@code __proto__} is JavaScript's Object.prototype, written as {}; a missing
     * method of it is a function, which JSON writes as it writes undefined.
     */
    @Override
    String field(String name) {
        return "(f " + string(name) + (name.equals("__proto__") ? " (o)" : "") + ")";
    }

    private static String literal(JsonNode value) {
        return LITERALS.write(value);
    }

    /**
     * A Common Lisp string of {@code text}: a literal when it is printable ASCII, else made of its code points (a
     * surrogate pair is one code point, a lone surrogate its own).
     */
    static String string(String text) {
        if (text.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        return text.codePoints().mapToObj(Integer::toString)
                .collect(Collectors.joining(" ", "(map 'string #'code-char '(", "))"));
    }
}
