package org.couchtck.reference.collation;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;

/**
 * Numbers by their exact mathematical value, as Erlang compares them ({@code ==} semantics, which both the NIF's
 * {@code enif_compare} and the raw term order use): an integer and a float are equal when they denote the same value
 * ({@code 1 == 1.0}, {@code 0 == -0.0}), and a big integer is never rounded to a double to be compared with one.
 *
 * <p>JSON has no NaN or infinities, but a {@link JsonNode} may carry them; they sort after (+∞, NaN) or before (−∞)
 * every finite value so that the order stays total.
 */
final class JsonNumbers {

    /** Every long of at most this magnitude is exactly a double. */
    private static final long EXACT_DOUBLE_LIMIT = 1L << 53;

    private JsonNumbers() {
    }

    static int compare(JsonNode a, JsonNode b) {
        boolean aIntegral = a.isIntegralNumber();
        boolean bIntegral = b.isIntegralNumber();
        if (aIntegral && bIntegral) {
            if (a.canConvertToLong() && b.canConvertToLong()) {
                return Long.compare(a.longValue(), b.longValue());
            }
            return a.bigIntegerValue().compareTo(b.bigIntegerValue());
        }
        if (isBinaryFloat(a) && isBinaryFloat(b)) {
            return compareDoubles(a.doubleValue(), b.doubleValue());
        }
        if (exactlyDouble(a) && exactlyDouble(b)) {
            return compareDoubles(a.doubleValue(), b.doubleValue());
        }
        int ranks = Integer.compare(specialRank(a), specialRank(b));
        if (ranks != 0 || specialRank(a) != 0) {
            return ranks;
        }
        return exact(a).compareTo(exact(b));
    }

    private static boolean isBinaryFloat(JsonNode n) {
        return n.isDouble() || n.isFloat();
    }

    /** A double or a long small enough that converting it to a double loses nothing. */
    private static boolean exactlyDouble(JsonNode n) {
        if (isBinaryFloat(n)) {
            return true;
        }
        if (n.isIntegralNumber() && n.canConvertToLong()) {
            long v = n.longValue();
            return v >= -EXACT_DOUBLE_LIMIT && v <= EXACT_DOUBLE_LIMIT;
        }
        return false;
    }

    /** Plain {@code <}/{@code >} so that 0.0 equals -0.0; NaN equals NaN and sorts last. */
    private static int compareDoubles(double x, double y) {
        if (x < y) {
            return -1;
        }
        if (x > y) {
            return 1;
        }
        if (x == y) {
            return 0;
        }
        return Boolean.compare(Double.isNaN(x), Double.isNaN(y));
    }

    /** -1 for −∞, 1 for +∞, 2 for NaN, 0 for any finite value. */
    private static int specialRank(JsonNode n) {
        if (!isBinaryFloat(n)) {
            return 0;
        }
        double d = n.doubleValue();
        if (Double.isNaN(d)) {
            return 2;
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? 1 : -1;
        }
        return 0;
    }

    private static BigDecimal exact(JsonNode n) {
        if (n.isIntegralNumber()) {
            return new BigDecimal(n.bigIntegerValue());
        }
        if (isBinaryFloat(n)) {
            return new BigDecimal(n.doubleValue());
        }
        return n.decimalValue();
    }
}
