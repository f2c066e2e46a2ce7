package org.couchtck.reference.erlang;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Prints Erlang terms as {@code io_lib:format} does with {@code ~w} and {@code ~p}, for the error reasons CouchDB
 * builds that way. Terms are JSON values read as CouchDB holds them (EJSON: string = binary, {@code true}/{@code
 * false}/{@code null} = atoms, array = list, object = {@code {[{Key, Value}, ...]}}), Java {@link List}s (Erlang
 * lists) and {@link Tuple}s.
 *
 * <p>{@code ~p} breaks a term that does not fit the 80-column line after the column it starts at, one element per
 * line, aligned after the opening bracket, as {@code io_lib_pretty} does for tuples and for lists of compound
 * elements. Two approximations: a long list of numbers is also broken one per line (OTP fills lines with them), and
 * floats are printed with Java's shortest digits in Erlang's {@code 1.5}/{@code 1.0e21} forms.
 */
public final class ErlangTermFormatter {

    private static final int LINE_LENGTH = 80;

    /** An Erlang tuple. */
    public record Tuple(List<?> elements) {
        public Tuple {
            elements = List.copyOf(elements);
        }

        public static Tuple of(Object... elements) {
            return new Tuple(List.of(elements));
        }
    }

    private ErlangTermFormatter() {
    }

    /** {@code io_lib:format("~w", [Term])}. */
    public static String write(Object term) {
        StringBuilder out = new StringBuilder();
        flat(term, false, out);
        return out.toString();
    }

    /** {@code io_lib:format("~p", [Term])} for a term printed at {@code column} (the length of the text before it). */
    public static String print(Object term, int column) {
        StringBuilder out = new StringBuilder();
        pretty(term, column, out);
        return out.toString();
    }

    /**
     * {@code couch_util:to_binary(Term)}, which chttpd applies to crash reasons: a binary as itself, a list of bytes
     * as those bytes (read here as Latin-1 characters), anything else as {@code ~p} prints it.
     */
    public static String toBinary(Object term) {
        if (term instanceof JsonNode node) {
            if (node.isTextual()) {
                return node.textValue();
            }
            if (node.isBoolean() || node.isNull()) {
                return node.isNull() ? "null" : Boolean.toString(node.booleanValue());
            }
            if (node.isArray() && isByteList(elements(node))) {
                StringBuilder bytes = new StringBuilder();
                node.forEach(element -> bytes.append((char) element.intValue()));
                return bytes.toString();
            }
        }
        return print(term, 0);
    }

    private static void pretty(Object term, int column, StringBuilder out) {
        String flat = printFlat(term);
        List<?> elements = compoundElements(term);
        if (column + flat.length() <= LINE_LENGTH || elements == null || elements.isEmpty()) {
            out.append(flat);
            return;
        }
        boolean tuple = isTuple(term);
        out.append(tuple ? '{' : '[');
        String indent = "\n" + " ".repeat(column + 1);
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                out.append(',').append(indent);
            }
            pretty(elements.get(i), column + 1, out);
        }
        out.append(tuple ? '}' : ']');
    }

    private static String printFlat(Object term) {
        StringBuilder out = new StringBuilder();
        flat(term, true, out);
        return out.toString();
    }

    /** The elements of a tuple or of a list that ~p would not print as a string; null for anything else. */
    private static List<?> compoundElements(Object term) {
        if (term instanceof Tuple tuple) {
            return tuple.elements();
        }
        if (term instanceof List<?> list) {
            return isPrintableList(list) ? null : list;
        }
        if (term instanceof JsonNode node) {
            if (node.isObject()) {
                return List.of(fields(node));
            }
            if (node.isArray()) {
                List<Object> list = elements(node);
                return isPrintableList(list) ? null : list;
            }
        }
        return null;
    }

    private static boolean isTuple(Object term) {
        return term instanceof Tuple || (term instanceof JsonNode node && node.isObject());
    }

    private static void flat(Object term, boolean pretty, StringBuilder out) {
        if (term instanceof Tuple tuple) {
            sequence('{', tuple.elements(), '}', pretty, out);
        } else if (term instanceof List<?> list) {
            list(list, pretty, out);
        } else if (term instanceof JsonNode node) {
            json(node, pretty, out);
        } else if (term instanceof String atom) {
            out.append(atom);
        } else {
            throw new IllegalArgumentException("not a term: " + term);
        }
    }

    private static void json(JsonNode node, boolean pretty, StringBuilder out) {
        switch (node.getNodeType()) {
            case STRING -> binary(node.textValue().getBytes(StandardCharsets.UTF_8), pretty, out);
            case BOOLEAN -> out.append(node.booleanValue());
            case NULL -> out.append("null");
            case NUMBER -> out.append(node.isIntegralNumber() ? node.bigIntegerValue().toString() : floatText(node.doubleValue()));
            case ARRAY -> list(elements(node), pretty, out);
            case OBJECT -> {
                out.append('{');
                list(fields(node), pretty, out);
                out.append('}');
            }
            default -> throw new IllegalArgumentException("not a JSON value: " + node);
        }
    }

    private static List<Object> elements(JsonNode array) {
        List<Object> elements = new ArrayList<>(array.size());
        array.forEach(elements::add);
        return elements;
    }

    private static List<Object> fields(JsonNode object) {
        List<Object> fields = new ArrayList<>(object.size());
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            fields.add(Tuple.of(com.fasterxml.jackson.databind.node.TextNode.valueOf(field.getKey()), field.getValue()));
        }
        return fields;
    }

    private static void list(List<?> list, boolean pretty, StringBuilder out) {
        if (pretty && !list.isEmpty() && isPrintableList(list)) {
            out.append('"');
            for (Object element : list) {
                escaped(((JsonNode) element).intValue(), out);
            }
            out.append('"');
            return;
        }
        sequence('[', list, ']', pretty, out);
    }

    private static void sequence(char open, List<?> elements, char close, boolean pretty, StringBuilder out) {
        out.append(open);
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            flat(elements.get(i), pretty, out);
        }
        out.append(close);
    }

    private static void binary(byte[] bytes, boolean pretty, StringBuilder out) {
        out.append("<<");
        if (pretty && bytes.length > 0 && isPrintable(bytes)) {
            out.append('"');
            for (byte b : bytes) {
                escaped(b & 0xFF, out);
            }
            out.append('"');
        } else {
            for (int i = 0; i < bytes.length; i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(bytes[i] & 0xFF);
            }
        }
        out.append(">>");
    }

    private static boolean isPrintable(byte[] bytes) {
        for (byte b : bytes) {
            if (!isPrintable(b & 0xFF)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isByteList(List<?> list) {
        for (Object element : list) {
            if (!(element instanceof JsonNode node) || !node.isIntegralNumber() || !node.canConvertToInt()
                    || node.intValue() < 0 || node.intValue() > 255) {
                return false;
            }
        }
        return true;
    }

    /** {@code io_lib:printable_list/1} under the default {@code +pc latin1}. */
    private static boolean isPrintableList(List<?> list) {
        if (list.isEmpty() || !isByteList(list)) {
            return false;
        }
        for (Object element : list) {
            if (!isPrintable(((JsonNode) element).intValue())) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPrintable(int c) {
        return (c >= 32 && c <= 126) || c >= 160 || (c >= 8 && c <= 13) || c == 27;
    }

    private static void escaped(int c, StringBuilder out) {
        switch (c) {
            case '"' -> out.append("\\\"");
            case '\\' -> out.append("\\\\");
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            case 11 -> out.append("\\v");
            case '\b' -> out.append("\\b");
            case '\f' -> out.append("\\f");
            case 27 -> out.append("\\e");
            default -> out.append((char) c);
        }
    }

    /** A float as Erlang writes it: shortest digits, always a fraction, {@code e} notation outside 1e-4 .. 1e21. */
    static String floatText(double value) {
        if (value == 0) {
            return (1 / value < 0) ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        String digits = exact.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - exact.scale();
        String sign = value < 0 ? "-" : "";
        if (exponent >= -4 && exponent < 21) {
            String plain = exact.abs().toPlainString();
            return sign + (plain.contains(".") ? plain : plain + ".0");
        }
        String mantissa = digits.length() == 1 ? digits + ".0" : digits.charAt(0) + "." + digits.substring(1);
        return sign + mantissa + "e" + exponent;
    }
}
