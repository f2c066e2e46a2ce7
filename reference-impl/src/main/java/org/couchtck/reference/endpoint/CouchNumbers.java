package org.couchtck.reference.endpoint;

import org.couchtck.reference.queryserver.json.JsNumbers;

/**
 * Floats as CouchDB's JSON encoder (jiffy) writes them: the shortest digits that read back the same, in JavaScript's
 * choice of plain or exponent notation, but always with a fraction ({@code 2.0}, {@code 1.0e21}) and without a plus
 * sign in the exponent. The recorded views show it ({@code 1e+21} emitted, {@code 1.0e21} answered).
 */
final class CouchNumbers {

    private CouchNumbers() {}

    static String format(double d) {
        String js = JsNumbers.format(d);
        if (js.equals("null")) {
            return js;
        }
        int e = js.indexOf('e');
        String mantissa = e < 0 ? js : js.substring(0, e);
        String exponent = e < 0 ? "" : js.substring(e + 1).replace("+", "");
        if (mantissa.indexOf('.') < 0) {
            mantissa = mantissa + ".0";
        }
        if (d == 0 && 1 / d < 0) {
            mantissa = "-0.0";
        }
        return exponent.isEmpty() ? mantissa : mantissa + "e" + exponent;
    }
}
