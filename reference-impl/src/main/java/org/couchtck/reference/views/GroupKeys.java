package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Iterator;
import java.util.Map;

/** Which rows a reduce query puts in one group: couch_mrview compares group keys with Erlang's {@code ==}. */
final class GroupKeys {

    private GroupKeys() {}

    /** The key a row's group is named by at {@code level} (arrays cut to their first {@code level} elements). */
    static JsonNode groupKey(JsonNode key, int level) {
        if (level == 0) {
            return JsonNodeFactory.instance.nullNode();
        }
        if (level == ViewQuery.EXACT || !key.isArray() || key.size() <= level) {
            return key;
        }
        ArrayNode prefix = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < level; i++) {
            prefix.add(key.get(i));
        }
        return prefix;
    }

    /**
     * Erlang's {@code ==} on the keys as CouchDB holds them: numbers by value (1 equals 1.0), strings by their bytes,
     * arrays and objects member by member in order.
     */
    static boolean equal(JsonNode a, JsonNode b) {
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
