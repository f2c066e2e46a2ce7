package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Erlang arithmetic on JSON numbers: integers are exact at any size, a float anywhere makes a float. Results come
 * back as the smallest Jackson node that holds them, so the endpoint writes them as CouchDB does.
 */
final class Numbers {

    private Numbers() {
    }

    static JsonNode integer(long value) {
        return value == (int) value ? IntNode.valueOf((int) value) : LongNode.valueOf(value);
    }

    static JsonNode integer(BigInteger value) {
        return value.bitLength() < Long.SIZE ? integer(value.longValue()) : BigIntegerNode.valueOf(value);
    }

    /** {@code A + B}. Floating point addition commutes, so only the sequence of additions matters, not the sides. */
    static JsonNode add(JsonNode a, JsonNode b) {
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            if (a.canConvertToLong() && b.canConvertToLong()) {
                long x = a.longValue();
                long y = b.longValue();
                long sum = x + y;
                if (((x ^ sum) & (y ^ sum)) >= 0) {
                    return integer(sum);
                }
            }
            return integer(a.bigIntegerValue().add(b.bigIntegerValue()));
        }
        return DoubleNode.valueOf(a.doubleValue() + b.doubleValue());
    }

    /** {@code A * B}. */
    static JsonNode multiply(JsonNode a, JsonNode b) {
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            if (a.canConvertToLong() && b.canConvertToLong()) {
                long x = a.longValue();
                long y = b.longValue();
                long high = Math.multiplyHigh(x, y);
                long low = x * y;
                if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
                    return integer(low);
                }
            }
            return integer(a.bigIntegerValue().multiply(b.bigIntegerValue()));
        }
        return DoubleNode.valueOf(a.doubleValue() * b.doubleValue());
    }

    /** Erlang's numeric order ({@code 1 == 1.0}, {@code -0.0 == 0.0}), exact between integers and floats. */
    static int compare(JsonNode a, JsonNode b) {
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            if (a.canConvertToLong() && b.canConvertToLong()) {
                return Long.compare(a.longValue(), b.longValue());
            }
            return a.bigIntegerValue().compareTo(b.bigIntegerValue());
        }
        if (a.isIntegralNumber() || b.isIntegralNumber()) {
            // a large integer against a float: Erlang compares exactly, not through a rounded double
            return exact(a).compareTo(exact(b));
        }
        double x = a.doubleValue();
        double y = b.doubleValue();
        return x < y ? -1 : (x > y ? 1 : 0);
    }

    private static BigDecimal exact(JsonNode number) {
        return number.isIntegralNumber() ? new BigDecimal(number.bigIntegerValue()) : new BigDecimal(number.doubleValue());
    }

    /** Erlang's {@code min(A, B)}: B only when A is greater, so A on a tie. */
    static JsonNode min(JsonNode a, JsonNode b) {
        return compare(a, b) > 0 ? b : a;
    }

    /** Erlang's {@code max(A, B)}: B only when A is smaller, so A on a tie. */
    static JsonNode max(JsonNode a, JsonNode b) {
        return compare(a, b) < 0 ? b : a;
    }
}
