package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.couchtck.kit.generate.Choices;
import org.couchtck.reference.erlang.ErlangEquality;

/**
 * The JSON values the generated view cases write into documents and expect back from the map function's
 * {@code emit}: every one survives the trip through JavaScript (the query server parses the document and
 * {@code JSON.stringify}s what it emits) unchanged, so the document's value is the emitted value:
 *
 * <ul>
 *   <li>numbers are doubles as JavaScript has them: integers within ±2^53 (written as JSON integers), and other
 *       values from 1e-9 to 1e15 in magnitude written with the digits that read back to
 *       the same double; a generated double that is a whole number is written as the integer JavaScript would print,
 *       and no -0 is generated (JavaScript prints it as {@code 0});</li>
 *   <li>strings are whole Unicode (no lone surrogates): accents precomposed and decomposed, case pairs, punctuation,
 *       digits, CJK and astral emoji;</li>
 *   <li>object member names never look like array indices (JavaScript would move {@code "1"} to the front) and are
 *       never {@code __proto__}; members keep their order.</li>
 * </ul>
 *
 * Every generator shrinks towards the simplest value ({@code null}, 0, the empty string, the empty array).
 */
final class ViewValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** 2^53: JavaScript's integers are exact up to here. */
    static final long MAX_SAFE = 1L << 53;

    /** String pieces chosen for what they do to ICU collation (and to UTF-8 order). */
    private static final List<String> PIECES = List.of("a", "A", "b", "B", "\u00e1", "\u00c1", "a\u0301", "e",
            "\u00e9", "e\u0301", "E", "\u00ca", "z", "Z", "ae", "\u00e6", "\u00c6", "ss", "\u00df", "-", "_", " ", "!",
            ".", "~", "@", "'", "0", "1", "10", "2", "9", "\u00f1", "n\u0303", "\u4e2d", "\u65e5\u672c", "\u03a9",
            "\ud83d\ude00", "\ud83d\ude03", "\ud83c\udf89", "\u2028", "\uff21", "\ufb01", "fi", "\u0130", "i");
    /** Object member names: no index-like name, none JavaScript treats specially. */
    private static final List<String> NAMES = List.of("a", "b", "A", "c", "\u00e9", "k", "key", "z", "_x", "a b");

    private ViewValues() {}

    /**
     * Any JSON value, nested up to {@code depth} more levels (strings twice as likely as the other kinds): the keys of
     * the collation case.
     */
    static JsonNode key(Choices choices, int depth) {
        int kind = (int) choices.draw(depth > 0 ? 9 : 7);
        return switch (kind) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(false);
            case 2 -> NODES.booleanNode(true);
            case 3 -> smallInteger(choices, 1_000);
            case 4 -> bigInteger(choices);
            case 5 -> fraction(choices);
            case 6, 7 -> NODES.textNode(string(choices));
            case 8 -> {
                ArrayNode array = NODES.arrayNode();
                choices.list(3, 60, c -> array.add(key(c, depth - 1)));
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                choices.list(3, 60, c -> object.set(c.pick(NAMES), key(c, depth - 1)));
                yield object;
            }
        };
    }

    /** A string of up to four pieces; the empty string is the simplest. */
    static String string(Choices choices) {
        StringBuilder text = new StringBuilder();
        choices.list(4, 70, c -> text.append(c.pick(PIECES)));
        return text.toString();
    }

    /** An integer from {@code -max} to {@code max}; shrinks to 0. */
    static JsonNode smallInteger(Choices choices, int max) {
        long magnitude = choices.draw(max);
        return NODES.numberNode(choices.chance(50) ? -magnitude : magnitude);
    }

    /** A big integer JavaScript holds exactly: near 2^31, 2^32, 10^15, 2^53, or anywhere up to 2^53. */
    static JsonNode bigInteger(Choices choices) {
        long magnitude = switch ((int) choices.draw(4)) {
            case 0 -> (1L << 31) + choices.draw(4) - 2;
            case 1 -> (1L << 32) + choices.draw(4) - 2;
            case 2 -> 1_000_000_000_000_000L + choices.draw(1_000) - 500;
            case 3 -> MAX_SAFE - choices.draw(1_000);
            default -> choices.draw(MAX_SAFE);
        };
        return NODES.numberNode(choices.chance(50) ? -magnitude : magnitude);
    }

    /**
     * A number with a fraction: a few decimal digits at a random scale (0.001 to 1e13), or a binary fraction, or any
     * double between 1e-9 and 1e15 (below 2^53, so that JavaScript never prints a double as a long integer whose
     * digits are not the double's exact value); as JavaScript prints it.
     */
    static JsonNode fraction(Choices choices) {
        double magnitude = switch ((int) choices.draw(2)) {
            case 0 -> (choices.draw(99_999) + 1) / 1_000.0 * Math.pow(10, choices.draw(12));
            case 1 -> (choices.draw(4_095) + 1) / 64.0;
            default -> Math.pow(10, -9 + choices.draw(24_000) / 1_000.0);
        };
        return jsNumber(choices.chance(50) ? -magnitude : magnitude);
    }

    /**
     * A number as JavaScript's {@code JSON.stringify} prints it: a whole double within ±2^53 as an integer, else the
     * double; -0 as 0.
     */
    static JsonNode jsNumber(double value) {
        if (value == Math.rint(value) && Math.abs(value) <= MAX_SAFE) {
            return NODES.numberNode((long) value);
        }
        return NODES.numberNode(value);
    }

    /**
     * A value for a numeric reducer: a small integer, a quarter, or a decimal with three digits after the point, of
     * either sign.
     */
    static JsonNode number(Choices choices) {
        return switch ((int) choices.draw(2)) {
            case 0 -> smallInteger(choices, 50);
            case 1 -> jsNumber((choices.chance(50) ? -1 : 1) * choices.draw(400) / 4.0);
            default -> jsNumber((choices.chance(50) ? -1 : 1) * choices.draw(2_000_000) / 1_000.0);
        };
    }

    /** An array of {@code length} numbers ({@link #number}). */
    static ArrayNode numbers(Choices choices, int length) {
        ArrayNode array = NODES.arrayNode();
        for (int i = 0; i < length; i++) {
            array.add(number(choices));
        }
        return array;
    }

    /**
     * Whether two JSON values are the same value (Erlang's {@code ==} on them, as the reference's views group keys):
     * the endpoint may print {@code 1e3} for {@code 1000.0}.
     */
    static boolean same(JsonNode a, JsonNode b) {
        return ErlangEquality.equal(a, b);
    }

    /** {@code value} as one line of JSON. */
    static String json(JsonNode value) {
        return org.couchtck.kit.wire.WireJson.write(value);
    }
}
