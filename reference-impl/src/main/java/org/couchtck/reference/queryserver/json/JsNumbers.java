package org.couchtck.reference.queryserver.json;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** JavaScript's Number-to-String conversion, for numbers written by the Java side. */
public final class JsNumbers {

  private JsNumbers() {}

  /**
   * Formats {@code d} as JavaScript's {@code String(d)} does for finite values ({@code 1e+21},
   * {@code 1e-7}, {@code 100}); non-finite values give {@code null} as in JSON.
   */
  public static String format(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return "null";
    }
    if (d == 0) {
      return "0";
    }
    // Shortest round-tripping digits, then JavaScript's choice of plain or exponent notation.
    BigDecimal shortest = shortestDecimal(Math.abs(d));
    String digits = shortest.unscaledValue().toString();
    int k = digits.length();
    int n = k - shortest.scale(); // decimal point position, as in ECMA-262 Number::toString
    StringBuilder out = new StringBuilder();
    if (d < 0) {
      out.append('-');
    }
    if (k <= n && n <= 21) {
      out.append(digits).append("0".repeat(n - k));
    } else if (0 < n && n <= 21) {
      out.append(digits, 0, n).append('.').append(digits, n, k);
    } else if (-6 < n && n <= 0) {
      out.append("0.").append("0".repeat(-n)).append(digits);
    } else {
      int e = n - 1;
      out.append(digits.charAt(0));
      if (k > 1) {
        out.append('.').append(digits, 1, k);
      }
      out.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
    }
    return out.toString();
  }

  /**
   * The decimal with the fewest significant digits that reads back as {@code d} (the closer one
   * when two do, the even one on a tie), as ECMA-262 Number::toString picks it. Java 17's
   * Double.toString does not always (1e23 is 9.999999999999999E22 there, 5e-324 4.9E-324).
   */
  private static BigDecimal shortestDecimal(double d) {
    BigDecimal exact = new BigDecimal(d);
    for (int precision = 1; ; precision++) {
      BigDecimal down = exact.round(new MathContext(precision, RoundingMode.FLOOR));
      BigDecimal up = exact.round(new MathContext(precision, RoundingMode.CEILING));
      boolean downReadsBack = readsBackAs(down, d);
      boolean upReadsBack = readsBackAs(up, d);
      if (downReadsBack && upReadsBack) {
        int closer = exact.subtract(down).compareTo(up.subtract(exact));
        boolean takeDown = closer < 0 || (closer == 0 && !down.unscaledValue().testBit(0));
        return (takeDown ? down : up).stripTrailingZeros();
      }
      if (downReadsBack || upReadsBack) {
        return (downReadsBack ? down : up).stripTrailingZeros();
      }
    }
  }

  private static boolean readsBackAs(BigDecimal decimal, double d) {
    return Double.parseDouble(decimal.toString()) == d;
  }
}
