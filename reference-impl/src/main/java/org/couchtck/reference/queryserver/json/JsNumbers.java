package org.couchtck.reference.queryserver.json;

import java.math.BigDecimal;

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
    BigDecimal exact = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
    String digits = exact.unscaledValue().toString();
    int k = digits.length();
    int n = k - exact.scale(); // decimal point position, as in ECMA-262 Number::toString
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
}
