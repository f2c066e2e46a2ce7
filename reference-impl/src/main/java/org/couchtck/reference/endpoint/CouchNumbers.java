package org.couchtck.reference.endpoint;

import org.couchtck.reference.queryserver.json.JsNumbers;

/**
 * Floats as CouchDB's JSON encoder writes them. jiffy 2.0 prints a double as Erlang's {@code float_to_list(F,
 * [short])} does (Ryu's shortest digits, laid out by OTP's rule): a lone digit stays plain from 1.0e-4 to 100.0;
 * several digits stay plain while the point falls inside them or at most one zero (two from 1.0e10 up) comes after
 * them, and while at most two zeros come between the point and them; integers of 2^53 and more go to exponent form
 * (their trailing zeros would claim digits the double does not have). Plain numbers always have a fraction
 * ({@code 2.0}); exponents have no plus sign ({@code 1.0e21}, {@code 1.5e5}); -0.0 is written 0.0. Checked on CouchDB
 * 3.5.2 against 418 doubles of every magnitude, sign and digit count.
 */
final class CouchNumbers {

    private CouchNumbers() {}

    static String format(double d) {
        if (d == 0) {
            return "0.0";
        }
        String js = JsNumbers.format(Math.abs(d));
        if (js.equals("null")) {
            return js;
        }
        Shortest shortest = Shortest.of(js);
        String text = shortest.plain() ? shortest.fixed() : shortest.scientific();
        return d < 0 ? "-" + text : text;
    }

    /**
     * The shortest digits of a positive double (no leading or trailing zeros) and the power of ten of the last one:
     * the value is {@code digits × 10^exponent}.
     */
    private record Shortest(String digits, int exponent) {

        /** From JavaScript's shortest form of the number ({@code 0.000123}, {@code 1.5e-10}, {@code 1e+21}). */
        static Shortest of(String js) {
            int e = js.indexOf('e');
            String mantissa = e < 0 ? js : js.substring(0, e);
            int exponent = e < 0 ? 0 : Integer.parseInt(js.substring(e + 1).replace("+", ""));
            int point = mantissa.indexOf('.');
            String digits = point < 0 ? mantissa : mantissa.substring(0, point) + mantissa.substring(point + 1);
            if (point >= 0) {
                exponent -= mantissa.length() - point - 1;
            }
            int first = 0;
            while (first < digits.length() - 1 && digits.charAt(first) == '0') {
                first++;
            }
            digits = digits.substring(first);
            int end = digits.length();
            while (end > 1 && digits.charAt(end - 1) == '0') {
                end--;
                exponent++;
            }
            return new Shortest(digits.substring(0, end), exponent);
        }

        /** OTP's choice between plain and exponent form. */
        boolean plain() {
            int length = digits.length();
            int scientificExponent = exponent + length - 1;
            int lower = length == 1 ? -4 : -(length + 2);
            int upper = length == 1 || scientificExponent >= 10 ? 2 : 1;
            if (exponent < lower || exponent > upper) {
                return false;
            }
            // the plain form would show zeros past the 53 bits of the mantissa
            long value = Long.parseLong(digits);
            return !(exponent == 0 && value >= 1L << 53 || exponent == 1 && value > (1L << 52) / 5
                    || exponent == 2 && value > (1L << 51) / 25);
        }

        String fixed() {
            int whole = digits.length() + exponent;
            if (exponent >= 0) {
                return digits + "0".repeat(exponent) + ".0";
            }
            if (whole > 0) {
                return digits.substring(0, whole) + "." + digits.substring(whole);
            }
            return "0." + "0".repeat(-whole) + digits;
        }

        String scientific() {
            String fraction = digits.length() == 1 ? "0" : digits.substring(1);
            return digits.charAt(0) + "." + fraction + "e" + (exponent + digits.length() - 1);
        }
    }
}
