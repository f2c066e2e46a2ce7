package org.couchtck.reference.erlang;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Erlang's {@code ==} on JSON values as CouchDB holds them (EJSON): numbers by value (1 equals 1.0), strings by their
 * characters, arrays element by element, objects member by member in order. couch_mrview groups reduce rows with it,
 * and a JSON value printed differently ({@code 1e3} for {@code 1000.0}) is still the same value.
 */
public final class ErlangEquality {

    private ErlangEquality() {}

    public static boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            if (a.isIntegralNumber() && b.isIntegralNumber()) {
                return a.bigIntegerValue().equals(b.bigIntegerValue());
            }
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.getNodeType() != b.getNodeType()) {
            return false;
        }
        if (a.isArray()) {
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
        if (a.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            Iterator<Map.Entry<String, JsonNode>> ia = a.fields();
            Iterator<Map.Entry<String, JsonNode>> ib = b.fields();
            while (ia.hasNext()) {
                Map.Entry<String, JsonNode> ea = ia.next();
                Map.Entry<String, JsonNode> eb = ib.next();
                if (!ea.getKey().equals(eb.getKey()) || !equal(ea.getValue(), eb.getValue())) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}
