package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.util.List;

/**
 * Generates JSON documents full of the values that break implementations: integers beyond 2^53, -0.0, 1e300,
 * astral characters, U+2028, lone surrogates, empty and odd keys, long strings and deep nesting. Numbers whose
 * spelling matters are kept as raw JSON text, so they reach the wire exactly as written. Every choice at 0 gives the
 * simplest thing: no {@code _id}, no fields, the value {@code 0}.
 */
public final class DocumentGenerator {

    /** Field names map functions read; the first ones are the most common. */
    public static final List<String> FIELDS = List.of("a", "b", "c", "", "odd key", "_x", "\u2028", "ключ",
            "\uD83D\uDE00", "a.b", "$ref", "__proto__", "constructor");

    /** Numbers as JSON text, each a known trouble spot. */
    static final List<String> NUMBERS = List.of("-0.0", "9007199254740993", "9007199254740992",
            "9007199254740991", "-9007199254740993", "1e300", "1.0e300", "-1e300", "12345678901234567890123",
            "0.1", "5e-324", "1.7976931348623157e308", "2.5", "-1.5", "100", "-0", "1E2", "0.000001", "1e-7",
            "123456789012345678", "4294967296");

    /** Strings that encoders and decoders get wrong. */
    static final List<String> STRINGS = List.of("", "x", "\uD83D\uDE00", "\u2028", "\u2029", "\uD800", "\uDC00",
            "a\uDBFF", "\u0000", "\"quoted\"", "back\\slash", "tab\tnew\nline", "\u00e9\u00e8", "\uFEFF",
            "</script>", "\u007f", "\uDBFF\uDFFF");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 200;

    private DocumentGenerator() {}

    /** A document: maybe an {@code _id}, then a few fields; strings may hold lone surrogates. */
    public static ObjectNode document(Choices choices) {
        return document(choices, true);
    }

    /**
     * A document: maybe an {@code _id}, then a few fields.
     *
     * @param loneSurrogates whether strings may hold lone surrogates. CouchDB never sends them (jiffy refuses them),
     *     so only checks of couchjs's own habits use them; otherwise each is drawn as U+FFFD, with the same choices
     */
    public static ObjectNode document(Choices choices, boolean loneSurrogates) {
        ObjectNode doc = NODES.objectNode();
        if (choices.chance(90)) {
            doc.put("_id", "doc" + choices.draw(999));
        }
        choices.list(6, 75, c -> doc.set(key(c), value(c, 0, loneSurrogates)));
        return doc;
    }

    /**
     * Strings for made-up keys: {@link #STRINGS} without lone surrogates. The reference reads a lone surrogate escape
     * in a value but not in an object key (its JSON reader gives up), where couchjs reads both; keys with them would
     * only compare the reference with itself.
     */
    static final List<String> KEY_STRINGS = STRINGS.stream().filter(s -> !hasLoneSurrogate(s)).toList();

    /** A field name: mostly from {@link #FIELDS}, sometimes made up. */
    public static String key(Choices choices) {
        if (!choices.chance(10)) {
            return choices.pick(FIELDS);
        }
        return "k" + choices.draw(20) + choices.pick(KEY_STRINGS);
    }

    static boolean hasLoneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /** Any JSON value, {@code depth} levels down. */
    public static JsonNode value(Choices choices, int depth) {
        return value(choices, depth, true);
    }

    private static JsonNode value(Choices choices, int depth, boolean loneSurrogates) {
        int kind = (int) choices.draw(depth > 3 ? 5 : 9);
        return switch (kind) {
            case 0 -> NODES.numberNode(choices.draw(10));
            case 1 -> NODES.textNode(string(choices.pick(STRINGS), loneSurrogates));
            case 2 -> NODES.booleanNode(choices.draw(1) == 1);
            case 3 -> NODES.nullNode();
            case 4 -> NODES.rawValueNode(new RawValue(choices.pick(NUMBERS)));
            case 5 -> NODES.numberNode(choices.draw(Long.MAX_VALUE) - (Long.MAX_VALUE / 2));
            case 6 -> array(choices, depth + 1, loneSurrogates);
            case 7 -> object(choices, depth + 1, loneSurrogates);
            case 8 -> NODES.textNode(longString(choices));
            default -> deep(choices);
        };
    }

    private static String string(String text, boolean loneSurrogates) {
        // A paired surrogate is one supplementary code point to the regex, so only lone ones match.
        return loneSurrogates ? text : text.replaceAll("[\\x{D800}-\\x{DFFF}]", "\uFFFD");
    }

    private static ArrayNode array(Choices choices, int depth, boolean loneSurrogates) {
        ArrayNode array = NODES.arrayNode();
        choices.list(5, 70, c -> array.add(value(c, depth, loneSurrogates)));
        return array;
    }

    private static ObjectNode object(Choices choices, int depth, boolean loneSurrogates) {
        ObjectNode object = NODES.objectNode();
        choices.list(5, 70, c -> object.set(key(c), value(c, depth, loneSurrogates)));
        return object;
    }

    private static String longString(Choices choices) {
        String unit = choices.pick(List.of("a", "\u00e9", "\uD83D\uDE00", "\u2028", "ab\\\""));
        return unit.repeat(choices.between(1, 20_000));
    }

    /** Arrays and objects nested up to {@link #MAX_DEPTH} deep around a small value. */
    private static JsonNode deep(Choices choices) {
        int depth = choices.between(1, MAX_DEPTH);
        JsonNode node = NODES.numberNode(choices.draw(10));
        for (int i = 0; i < depth; i++) {
            node = (i % 2 == 0) ? NODES.arrayNode().add(node) : NODES.objectNode().set("d", node);
        }
        return node;
    }
}
