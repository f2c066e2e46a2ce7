package org.couchtck.reference.collation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A document value as CouchDB gets it back from a JavaScript {@code emit}: every number becomes a double (so
 * 9007199254740993 arrives as 9007199254740992 and -0.0 as 0), JSON.stringify writes integral doubles below 1e21 as
 * integers (which CouchDB then decodes as integers), and object members that are array indices move to the front in
 * ascending order, as JavaScript objects enumerate them.
 */
final class JsEmitted {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final long MAX_ARRAY_INDEX = 4294967294L;

    private JsEmitted() {
    }

    static JsonNode of(JsonNode value) {
        if (value.isNumber()) {
            return number(value.doubleValue());
        }
        if (value.isArray()) {
            ArrayNode out = NODES.arrayNode();
            value.forEach(element -> out.add(of(element)));
            return out;
        }
        if (value.isObject()) {
            return object(value);
        }
        return value;
    }

    private static JsonNode number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e21) {
            return BigIntegerNode.valueOf(new BigDecimal(d).toBigInteger());
        }
        return DoubleNode.valueOf(d);
    }

    private static JsonNode object(JsonNode value) {
        List<Map.Entry<String, JsonNode>> indices = new ArrayList<>();
        List<Map.Entry<String, JsonNode>> others = new ArrayList<>();
        for (Map.Entry<String, JsonNode> member : value.properties()) {
            (isArrayIndex(member.getKey()) ? indices : others).add(member);
        }
        indices.sort((a, b) -> Long.compare(Long.parseLong(a.getKey()), Long.parseLong(b.getKey())));
        ObjectNode out = NODES.objectNode();
        indices.forEach(member -> out.set(member.getKey(), of(member.getValue())));
        others.forEach(member -> out.set(member.getKey(), of(member.getValue())));
        return out;
    }

    private static boolean isArrayIndex(String name) {
        if (!name.matches("0|[1-9][0-9]{0,9}")) {
            return false;
        }
        return Long.parseLong(name) <= MAX_ARRAY_INDEX;
    }
}
