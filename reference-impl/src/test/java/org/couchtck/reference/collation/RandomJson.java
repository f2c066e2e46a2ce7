package org.couchtck.reference.collation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Random JSON values of every type, nested, from a seeded {@link Random}: deterministic for a seed. Numbers and string
 * pieces come mostly from small pools of tricky cases so that values often tie (1 and 1.0, "é" and "e\u0301", strings
 * differing only by an ignorable NUL), which is where an order's consistency with equality is tested.
 */
final class RandomJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final BigInteger TWO_TO_64 = BigInteger.TWO.pow(64);

    private static final List<Supplier<JsonNode>> NUMBERS = List.of(
            () -> IntNode.valueOf(0), () -> DoubleNode.valueOf(-0.0), () -> DoubleNode.valueOf(0.0),
            () -> IntNode.valueOf(1), () -> DoubleNode.valueOf(1.0), () -> DecimalNode.valueOf(new BigDecimal("1.00")),
            () -> IntNode.valueOf(-1), () -> DoubleNode.valueOf(-1.5), () -> DecimalNode.valueOf(new BigDecimal("-1.5")),
            () -> DoubleNode.valueOf(0.1), () -> DoubleNode.valueOf(5e-324), () -> DoubleNode.valueOf(-1e300),
            () -> DoubleNode.valueOf(Double.MAX_VALUE), () -> LongNode.valueOf(1L << 53),
            () -> DoubleNode.valueOf(0x1p53), () -> LongNode.valueOf((1L << 53) + 1),
            () -> LongNode.valueOf(Long.MAX_VALUE), () -> LongNode.valueOf(Long.MIN_VALUE),
            () -> DoubleNode.valueOf(-0x1p63), () -> BigIntegerNode.valueOf(TWO_TO_64),
            () -> DoubleNode.valueOf(0x1p64), () -> BigIntegerNode.valueOf(TWO_TO_64.add(BigInteger.ONE)),
            () -> BigIntegerNode.valueOf(BigInteger.TEN.pow(400).negate()));

    /** Pieces that tie or nearly tie under ICU: case, accents both composed and not, ignorables, symbols. */
    private static final List<String> PIECES = List.of("a", "A", "b", "B", "aa", "é", "e\u0301", "e", "E", "É",
            "\u00c5", "\u212b", "A\u030a", "ß", "ss", "SS", "\u0000", "\u0001", "\u007f", "\t", " ", "\u00a0", "-", "_",
            "~", "$", "0", "1", "10", "中", "Ж", "α", "\ud83d\ude00", "\ud83d\ude01", "\uff41", "\ud800", "\udfff",
            "\ue000", "\uffff");

    private final Random random;

    RandomJson(long seed) {
        this.random = new Random(seed);
    }

    JsonNode value(int depth) {
        int kind = random.nextInt(depth > 0 ? 9 : 6);
        return switch (kind) {
            case 0 -> NullNode.getInstance();
            case 1 -> BooleanNode.valueOf(random.nextBoolean());
            case 2, 3 -> number();
            case 4, 5 -> TextNode.valueOf(string());
            case 6, 7 -> array(depth - 1);
            default -> object(depth - 1);
        };
    }

    private JsonNode number() {
        return switch (random.nextInt(4)) {
            case 0 -> DoubleNode.valueOf(random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20));
            case 1 -> LongNode.valueOf(random.nextLong() >> random.nextInt(64));
            default -> NUMBERS.get(random.nextInt(NUMBERS.size())).get();
        };
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        int pieces = random.nextInt(4);
        for (int i = 0; i < pieces; i++) {
            if (random.nextInt(6) == 0) {
                out.appendCodePoint(randomCodePoint());
            } else {
                out.append(PIECES.get(random.nextInt(PIECES.size())));
            }
        }
        return out.toString();
    }

    private int randomCodePoint() {
        int cp = random.nextBoolean() ? random.nextInt(0x3000) : random.nextInt(Character.MAX_CODE_POINT + 1);
        return Character.isSurrogate((char) cp) && cp <= 0xffff ? 'x' : cp;
    }

    private JsonNode array(int depth) {
        ArrayNode out = NODES.arrayNode();
        int size = random.nextInt(4);
        for (int i = 0; i < size; i++) {
            out.add(value(depth));
        }
        return out;
    }

    private JsonNode object(int depth) {
        ObjectNode out = NODES.objectNode();
        int size = random.nextInt(4);
        for (int i = 0; i < size; i++) {
            out.set(string(), value(depth));
        }
        return out;
    }
}
