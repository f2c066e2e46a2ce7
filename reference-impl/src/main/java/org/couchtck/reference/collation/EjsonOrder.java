package org.couchtck.reference.collation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;

/**
 * The structural walk both collations share: type rank first, then content. Arrays go element by element and a
 * prefix sorts first; objects go member by member in their order (CouchDB keeps member order, and so does Jackson),
 * name before value, and an object that runs out of members first sorts first. Member order therefore matters:
 * {@code {"a":1,"b":2}} and {@code {"b":2,"a":1}} are different keys.
 *
 * <p>CouchDB's NIF hands keys nested deeper than 10 levels to an Erlang fallback with the same order, so depth
 * changes nothing here; recursion is bounded by how deep the parser lets JSON nest.
 */
final class EjsonOrder implements Comparator<JsonNode> {

    private final TypeOrder types;
    private final Comparator<String> strings;

    EjsonOrder(TypeOrder types, Comparator<String> strings) {
        this.types = types;
        this.strings = strings;
    }

    @Override
    public int compare(JsonNode a, JsonNode b) {
        int byType = Integer.compare(types.rank(a), types.rank(b));
        if (byType != 0) {
            return byType;
        }
        return switch (TypeOrder.kind(a)) {
            case ATOM -> 0;
            case NUMBER -> JsonNumbers.compare(a, b);
            case STRING -> strings.compare(a.textValue(), b.textValue());
            case ARRAY -> compareArrays(a, b);
            case OBJECT -> compareObjects(a, b);
        };
    }

    private int compareArrays(JsonNode a, JsonNode b) {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            int c = compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private int compareObjects(JsonNode a, JsonNode b) {
        Iterator<Map.Entry<String, JsonNode>> as = a.properties().iterator();
        Iterator<Map.Entry<String, JsonNode>> bs = b.properties().iterator();
        while (as.hasNext() && bs.hasNext()) {
            Map.Entry<String, JsonNode> x = as.next();
            Map.Entry<String, JsonNode> y = bs.next();
            int c = strings.compare(x.getKey(), y.getKey());
            if (c == 0) {
                c = compare(x.getValue(), y.getValue());
            }
            if (c != 0) {
                return c;
            }
        }
        return Boolean.compare(as.hasNext(), bs.hasNext());
    }
}
