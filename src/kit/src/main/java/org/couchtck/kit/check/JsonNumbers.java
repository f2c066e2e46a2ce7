package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;

/**
 * Numeric comparison of JSON numbers by value: 1 equals 1.0 and big integers compare exactly; numbers that are not
 * both whole also count as equal when they denote the same IEEE double (5e-324 and 4.9e-324), because readers that
 * parse into doubles cannot keep the written digits.
 */
final class JsonNumbers {

    private JsonNumbers() {
    }

    static boolean equal(JsonNode a, JsonNode b) {
        if (!finite(a) || !finite(b)) {
            return a.doubleValue() == b.doubleValue();
        }
        if (a.decimalValue().compareTo(b.decimalValue()) == 0) {
            return true;
        }
        return !(integral(a) && integral(b)) && a.doubleValue() == b.doubleValue();
    }

    /** The exact value; callers check {@link #finite(JsonNode)} first. */
    static BigDecimal value(JsonNode number) {
        return number.decimalValue();
    }

    /** False only for NaN and infinities, which a lenient parser may produce and BigDecimal cannot hold. */
    static boolean finite(JsonNode number) {
        return !(number.isDouble() || number.isFloat()) || Double.isFinite(number.doubleValue());
    }

    /** Whether the number has no fractional part (1 and 1.0 do, 1.5 does not). */
    static boolean integral(JsonNode number) {
        if (number.isIntegralNumber()) {
            return true;
        }
        if (!finite(number)) {
            return false;
        }
        BigDecimal value = number.decimalValue();
        return value.signum() == 0 || value.stripTrailingZeros().scale() <= 0;
    }
}
