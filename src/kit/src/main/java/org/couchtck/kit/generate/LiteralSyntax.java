package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * How one language writes a JSON value as a literal of its source: the words for null, true and false, how numbers
 * and strings are spelt, and the brackets and separators of arrays and objects. One writer serves every renderer, so
 * only the spelling differs from language to language.
 *
 * @param nullWord the null value, e.g. {@code nil}
 * @param trueWord the true value
 * @param falseWord the false value
 * @param integer an integer of any size
 * @param decimal a finite double
 * @param string a string literal (escaping included)
 * @param array the brackets and separators of an array
 * @param object the brackets and separators of an object; {@link Brackets#pair} goes between key and value
 */
record LiteralSyntax(String nullWord, String trueWord, String falseWord, Function<BigInteger, String> integer,
        DoubleFunction<String> decimal, UnaryOperator<String> string, Brackets array, Brackets object) {

    /**
     * The punctuation of a container: {@code open}, then each element preceded by {@code lead} and, from the second
     * on, by {@code separator}, then {@code close}.
     *
     * @param pair what goes between an object's key and value (unused for arrays)
     */
    record Brackets(String open, String separator, String lead, String pair, String close) {

        /** Brackets with elements separated by {@code separator} and nothing before the first. */
        static Brackets of(String open, String separator, String pair, String close) {
            return new Brackets(open, separator, "", pair, close);
        }
    }

    /** {@code value} as a literal of the language. */
    String write(JsonNode value) {
        if (value.isNull()) {
            return nullWord;
        }
        if (value.isBoolean()) {
            return value.booleanValue() ? trueWord : falseWord;
        }
        if (value.isIntegralNumber()) {
            return integer.apply(value.bigIntegerValue());
        }
        if (value.isNumber()) {
            double d = value.doubleValue();
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("not a JSON number: " + d);
            }
            return decimal.apply(d);
        }
        if (value.isTextual()) {
            return string.apply(value.textValue());
        }
        StringBuilder out = new StringBuilder();
        if (value.isArray()) {
            out.append(array.open());
            int i = 0;
            for (JsonNode item : value) {
                out.append(i++ > 0 ? array.separator() : "").append(array.lead()).append(write(item));
            }
            return out.append(array.close()).toString();
        }
        out.append(object.open());
        int i = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> member = it.next();
            out.append(i++ > 0 ? object.separator() : "").append(object.lead()).append(string.apply(member.getKey()))
                    .append(object.pair()).append(write(member.getValue()));
        }
        return out.append(object.close()).toString();
    }

    /** An integer in parentheses, so that a negative one stays one operand. */
    static String parenthesised(BigInteger value) {
        return "(" + value + ")";
    }

    /** A double as Java writes it (1.0E10), in parentheses: Ruby, PHP, Perl and Python read it as the same double. */
    static String parenthesised(double value) {
        return "(" + Double.toString(value) + ")";
    }

    /**
     * A double-quoted string literal of {@code text}'s code points, for languages whose strings are UTF-8 (Ruby, PHP,
     * Perl): printable ASCII as is but for the characters in {@code backslashed}, which get a backslash, everything else
     * as {@code escapeOpen}, the code point in hex, and a closing brace ({@code \\u{e9}}, {@code \\x{e9}}). A lone
     * surrogate has no UTF-8 form: JSON strings CouchDB sends never hold one, and the generator writes none into
     * sources.
     *
     * @throws IllegalArgumentException for a lone surrogate, naming {@code language}
     */
    static String codePointString(String text, String backslashed, String escapeOpen, String language) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE) {
                throw new IllegalArgumentException("a lone surrogate has no " + language + " string: " + text);
            }
            if (backslashed.indexOf(c) >= 0) {
                out.append('\\').append((char) c);
            } else if (c >= 0x20 && c < 0x7f) {
                out.append((char) c);
            } else {
                out.append(escapeOpen).append(Integer.toHexString(c)).append('}');
            }
        }
        return out.append('"').toString();
    }
}
