package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Locale;

/**
 * How the numbers of a target's replies are compared with the reference's: the target language's number model.
 * Objects compare without regard to key order, arrays element by element.
 */
public enum NumberMode {
    /** Whole numbers must be equal digit for digit; other numbers must denote the same IEEE double. */
    EXACT,
    /** Every number is read as an IEEE double first: 9007199254740993 equals 9007199254740992. */
    IEEE_DOUBLE;

    /**
     * The mode for servers written in {@code language}: JavaScript reads every number as a double, as the reference
     * does; other languages may keep integers beyond 2^53 exactly, which CouchDB (jiffy) also does, so they are only
     * held to the double the reference computes.
     */
    public static NumberMode forLanguage(String language) {
        return "javascript".equals(language) ? EXACT : IEEE_DOUBLE;
    }

    /** The mode named {@code name} ({@code exact}, {@code ieee-double}), case and dash insensitive. */
    public static NumberMode parse(String name) {
        String normal = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        if (normal.equals("DOUBLE") || normal.equals("IEEE")) {
            return IEEE_DOUBLE;
        }
        try {
            return valueOf(normal);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown number mode '" + name + "' (expected exact or ieee-double)");
        }
    }

    /** Whether {@code a} and {@code b} are the same JSON value under this mode. */
    public boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return numbersEqual(a, b);
        }
        if (a.getNodeType() != b.getNodeType() || a.size() != b.size()) {
            return false;
        }
        if (a.isArray()) {
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode other = b.get(field.getKey());
                if (other == null || !equal(field.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    private boolean numbersEqual(JsonNode a, JsonNode b) {
        boolean finite = Double.isFinite(a.doubleValue()) || a.isIntegralNumber() || a.isBigDecimal();
        boolean otherFinite = Double.isFinite(b.doubleValue()) || b.isIntegralNumber() || b.isBigDecimal();
        if (this == IEEE_DOUBLE || !finite || !otherFinite) {
            return a.doubleValue() == b.doubleValue();
        }
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            return a.bigIntegerValue().equals(b.bigIntegerValue());
        }
        return a.decimalValue().compareTo(b.decimalValue()) == 0 || a.doubleValue() == b.doubleValue();
    }
}
