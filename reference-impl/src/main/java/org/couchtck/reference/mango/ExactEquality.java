package org.couchtck.reference.mango;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Erlang's exact equality ({@code =:=}, what {@code lists:member} uses) on JSON values: an integer never equals a
 * float ({@code 1} is not {@code 1.0}), objects are equal member by member in order.
 */
final class ExactEquality {

    private ExactEquality() {}

    static boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            if (a.isIntegralNumber() != b.isIntegralNumber()) {
                return false;
            }
            return a.isIntegralNumber() ? a.bigIntegerValue().equals(b.bigIntegerValue())
                    : a.doubleValue() == b.doubleValue();
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
            Iterator<Map.Entry<String, JsonNode>> x = a.fields();
            Iterator<Map.Entry<String, JsonNode>> y = b.fields();
            while (x.hasNext()) {
                Map.Entry<String, JsonNode> ex = x.next();
                Map.Entry<String, JsonNode> ey = y.next();
                if (!ex.getKey().equals(ey.getKey()) || !equal(ex.getValue(), ey.getValue())) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}
