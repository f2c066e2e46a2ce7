package org.couchtck.reference.collation;

import com.fasterxml.jackson.databind.JsonNode;
import com.ibm.icu.text.CollationKey;
import com.ibm.icu.text.Collator;
import com.ibm.icu.util.ULocale;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The equality {@link ViewCollation} documents, computed without it: numbers through {@link BigDecimal}, strings under
 * {@link ViewCollation#COUCHDB} by ICU sort keys (equal exactly when ICU compares them equal) and under
 * {@link ViewCollation#RAW} by {@link String#equals}, containers member by member in order.
 */
final class CollationEquality {

    private final boolean icu;
    private final Collator collator = Collator.getInstance(ULocale.ROOT);
    private final Map<String, CollationKey> sortKeys = new HashMap<>();

    CollationEquality(ViewCollation collation) {
        this.icu = collation == ViewCollation.COUCHDB;
    }

    boolean equal(JsonNode a, JsonNode b) {
        if (a.getNodeType() != b.getNodeType()) {
            return false;
        }
        return switch (a.getNodeType()) {
            case NULL -> true;
            case BOOLEAN -> a.booleanValue() == b.booleanValue();
            case NUMBER -> exact(a).compareTo(exact(b)) == 0;
            case STRING -> strings(a.textValue(), b.textValue());
            case ARRAY -> arrays(a, b);
            case OBJECT -> objects(a, b);
            default -> throw new IllegalArgumentException(a.getNodeType().toString());
        };
    }

    private boolean strings(String a, String b) {
        if (!icu) {
            return a.equals(b);
        }
        return sortKey(a).equals(sortKey(b));
    }

    private CollationKey sortKey(String s) {
        return sortKeys.computeIfAbsent(s, collator::getCollationKey);
    }

    private boolean arrays(JsonNode a, JsonNode b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!equal(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private boolean objects(JsonNode a, JsonNode b) {
        if (a.size() != b.size()) {
            return false;
        }
        Iterator<Map.Entry<String, JsonNode>> as = a.properties().iterator();
        Iterator<Map.Entry<String, JsonNode>> bs = b.properties().iterator();
        while (as.hasNext()) {
            Map.Entry<String, JsonNode> x = as.next();
            Map.Entry<String, JsonNode> y = bs.next();
            if (!strings(x.getKey(), y.getKey()) || !equal(x.getValue(), y.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static BigDecimal exact(JsonNode n) {
        if (n.isIntegralNumber()) {
            return new BigDecimal(n.bigIntegerValue());
        }
        if (n.isBigDecimal()) {
            return n.decimalValue();
        }
        return new BigDecimal(n.doubleValue());
    }
}
