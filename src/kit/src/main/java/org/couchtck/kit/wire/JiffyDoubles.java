package org.couchtck.kit.wire;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Formats doubles the way CouchDB's JSON encoder (jiffy, on double-conversion) does: the shortest digits that read
 * back as the same double; plain decimal notation with at least one digit after the point while the decimal exponent
 * is in [-6, 21), otherwise {@code 1.5e+21} / {@code 1e-7} style; negative zero as {@code 0.0}.
 */
final class JiffyDoubles {

    private static final int LOWEST_DECIMAL_EXPONENT = -6;
    private static final int FIRST_EXPONENTIAL_EXPONENT = 21;
    private static final double LARGEST_EXACT_LONG = 1e15;

    private JiffyDoubles() {}

    static String format(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("JSON cannot represent " + value);
        }
        if (value == 0) {
            return "0.0";
        }
        if (value == Math.rint(value) && Math.abs(value) < LARGEST_EXACT_LONG) {
            return (long) value + ".0";
        }
        BigDecimal shortest = shortestRoundTrip(value);
        String digits = shortest.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - shortest.scale();
        String sign = value < 0 ? "-" : "";
        if (exponent >= LOWEST_DECIMAL_EXPONENT && exponent < FIRST_EXPONENTIAL_EXPONENT) {
            return sign + decimal(digits, exponent);
        }
        return sign + exponential(digits, exponent);
    }

    /** The fewest significant digits that parse back to {@code value}, closest to it among those. */
    private static BigDecimal shortestRoundTrip(double value) {
        BigDecimal exact = new BigDecimal(value);
        for (int precision = 1; precision < 17; precision++) {
            BigDecimal candidate = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            if (Double.parseDouble(candidate.toString()) == value) {
                return candidate.stripTrailingZeros();
            }
        }
        return exact.round(new MathContext(17, RoundingMode.HALF_EVEN)).stripTrailingZeros();
    }

    private static String decimal(String digits, int exponent) {
        if (exponent < 0) {
            return "0." + "0".repeat(-exponent - 1) + digits;
        }
        int integerDigits = exponent + 1;
        if (digits.length() <= integerDigits) {
            return digits + "0".repeat(integerDigits - digits.length()) + ".0";
        }
        return digits.substring(0, integerDigits) + "." + digits.substring(integerDigits);
    }

    private static String exponential(String digits, int exponent) {
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return mantissa + "e" + (exponent < 0 ? "-" : "+") + Math.abs(exponent);
    }
}
