package org.couchtck.reference.erlang;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads one Erlang term written in Erlang syntax, as {@code couch_util:parse_term} does with {@code erl_scan} and
 * {@code erl_parse:parse_term} for config values such as {@code {couch_httpd_proxy, handle_proxy_req,
 * <<"http://127.0.0.1:5985/">>}}: whitespace and {@code %} comments anywhere between tokens, exactly one term, nothing
 * after it (not even a full stop: CouchDB appends its own).
 *
 * <p>The terms come back as {@link ErlangTermFormatter} prints them: an atom as a {@link String}, a binary as a
 * textual {@link JsonNode} (its bytes read as UTF-8), a string (an Erlang list of character codes) and any other list
 * as a {@link List}, an integer as a numeric {@link JsonNode}, a tuple as a {@link ErlangTermFormatter.Tuple}.
 * Floats, radix integers, maps, funs and binaries with segment types are not read: config values that would need them
 * fail here as they would not fit a handler anyway.
 */
public final class ErlangTermParser {

    /** Words {@code erl_scan} reads as keywords, never as atoms (OTP's list, without the feature-gated ones). */
    private static final Set<String> RESERVED = Set.of("after", "and", "andalso", "band", "begin", "bnot", "bor",
            "bsl", "bsr", "bxor", "case", "catch", "cond", "div", "end", "fun", "if", "let", "not", "of", "or",
            "orelse", "receive", "rem", "try", "when", "xor");

    private final String text;
    private int pos;

    private ErlangTermParser(String text) {
        this.text = text;
    }

    /** The term {@code text} writes; anything else (two terms, a variable, a trailing dot) is refused. */
    public static Object parse(String text) {
        ErlangTermParser parser = new ErlangTermParser(text);
        Object term = parser.term();
        parser.skipBlank();
        if (parser.pos < text.length()) {
            throw parser.error("unexpected " + text.substring(parser.pos));
        }
        return term;
    }

    /** The characters of a binary or of a string term; empty for anything else. */
    public static java.util.Optional<String> chars(Object term) {
        if (term instanceof JsonNode node && node.isTextual()) {
            return java.util.Optional.of(node.textValue());
        }
        if (term instanceof List<?> list) {
            StringBuilder out = new StringBuilder();
            for (Object element : list) {
                if (!(element instanceof JsonNode n && n.canConvertToInt() && n.isIntegralNumber())) {
                    return java.util.Optional.empty();
                }
                out.appendCodePoint(n.intValue());
            }
            return java.util.Optional.of(out.toString());
        }
        return java.util.Optional.empty();
    }

    private Object term() {
        skipBlank();
        if (pos >= text.length()) {
            throw error("a term was expected");
        }
        char c = text.charAt(pos);
        if (c == '{') {
            pos++;
            return new ErlangTermFormatter.Tuple(sequence('}'));
        }
        if (c == '[') {
            pos++;
            return sequence(']');
        }
        if (text.startsWith("<<", pos)) {
            pos += 2;
            return binary();
        }
        if (c == '"') {
            return codes(quoted('"'));
        }
        if (c == '\'') {
            return quoted('\'');
        }
        if (c == '$') {
            pos++;
            return JsonNodeFactory.instance.numberNode(character());
        }
        if (c == '-' || c == '+' || Character.isDigit(c)) {
            return integer();
        }
        if (c >= 'a' && c <= 'z') {
            return atom();
        }
        throw error("no term starts with " + c);
    }

    private List<Object> sequence(char close) {
        List<Object> elements = new ArrayList<>();
        skipBlank();
        if (peek() == close) {
            pos++;
            return elements;
        }
        while (true) {
            elements.add(term());
            skipBlank();
            char c = peek();
            pos++;
            if (c == close) {
                return elements;
            }
            if (c != ',') {
                throw error("',' or '" + close + "' was expected");
            }
        }
    }

    private JsonNode binary() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        skipBlank();
        if (text.startsWith(">>", pos)) {
            pos += 2;
            return JsonNodeFactory.instance.textNode("");
        }
        while (true) {
            skipBlank();
            if (peek() == '"') {
                byte[] segment = quoted('"').getBytes(StandardCharsets.UTF_8);
                bytes.write(segment, 0, segment.length);
            } else if (Character.isDigit(peek())) {
                Object n = integer();
                int value = ((JsonNode) n).intValue();
                bytes.write(value & 0xFF);
            } else {
                throw error("a string or a byte was expected in a binary");
            }
            skipBlank();
            if (text.startsWith(">>", pos)) {
                pos += 2;
                return JsonNodeFactory.instance.textNode(bytes.toString(StandardCharsets.UTF_8));
            }
            if (peek() != ',') {
                throw error("',' or '>>' was expected");
            }
            pos++;
        }
    }

    private String atom() {
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_'
                || text.charAt(pos) == '@')) {
            pos++;
        }
        String word = text.substring(start, pos);
        if (RESERVED.contains(word)) {
            throw error("'" + word + "' is a reserved word");
        }
        return word;
    }

    private JsonNode integer() {
        int start = pos;
        if (peek() == '-' || peek() == '+') {
            pos++;
        }
        int digits = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos == digits) {
            throw error("digits were expected");
        }
        if (pos < text.length() && (text.charAt(pos) == '.' || text.charAt(pos) == '#')) {
            throw error("floats and radix integers are not read");
        }
        return JsonNodeFactory.instance.numberNode(new BigInteger(text.substring(start, pos)));
    }

    private String quoted(char quote) {
        pos++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated " + (quote == '"' ? "string" : "quoted atom"));
            }
            char c = text.charAt(pos);
            if (c == quote) {
                pos++;
                return out.toString();
            }
            if (c == '\\') {
                pos++;
                out.appendCodePoint(escape());
            } else {
                out.append(c);
                pos++;
            }
        }
    }

    private int character() {
        if (pos >= text.length()) {
            throw error("a character was expected after $");
        }
        char c = text.charAt(pos);
        if (c == '\\') {
            pos++;
            return escape();
        }
        pos++;
        return c;
    }

    /** The character of the escape sequence after a backslash, as erl_scan reads it. */
    private int escape() {
        if (pos >= text.length()) {
            throw error("unterminated escape");
        }
        char c = text.charAt(pos++);
        return switch (c) {
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'v' -> 0x0B;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'e' -> 0x1B;
            case 's' -> ' ';
            case 'd' -> 0x7F;
            case 'x' -> hexEscape();
            default -> {
                if (c >= '0' && c <= '7') {
                    int value = c - '0';
                    for (int i = 0; i < 2 && pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '7'; i++) {
                        value = value * 8 + (text.charAt(pos++) - '0');
                    }
                    yield value;
                }
                yield c;
            }
        };
    }

    private int hexEscape() {
        if (peek() == '{') {
            int end = text.indexOf('}', pos);
            if (end < 0) {
                throw error("unterminated \\x{...}");
            }
            int value = Integer.parseInt(text.substring(pos + 1, end), 16);
            pos = end + 1;
            return value;
        }
        if (pos + 2 > text.length()) {
            throw error("two hex digits were expected");
        }
        int value = Integer.parseInt(text.substring(pos, pos + 2), 16);
        pos += 2;
        return value;
    }

    private static List<Object> codes(String s) {
        List<Object> out = new ArrayList<>();
        s.codePoints().forEach(cp -> out.add(JsonNodeFactory.instance.numberNode(cp)));
        return out;
    }

    private void skipBlank() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '%') {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private IllegalArgumentException error(String problem) {
        return new IllegalArgumentException("not an Erlang term (" + problem + " at " + pos + "): " + text);
    }
}
