package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Comparator;
import java.util.List;

/**
 * {@code _first} and {@code _last}: the value of the first (last) row by key in view collation, then by doc id in
 * raw order. For {@code _last} a later row that ties replaces the one held, as CouchDB's test is "not less than".
 * Partials are the chosen row (or none, for no rows); the result is its value, or {@code []} for no rows.
 */
final class FirstLastReducer implements BuiltinReducer {

    private static final Object NO_ROW = new Object();

    private final String name;
    private final boolean first;
    private final ReducerOptions options;

    FirstLastReducer(String name, boolean first, ReducerOptions options) {
        this.name = name;
        this.first = first;
        this.options = options;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object reduce(List<KeyValue> rows) {
        return choose(rows);
    }

    @Override
    public Object rereduce(List<Object> partials) {
        // a partial without rows cannot arise from a B-tree (CouchDB never reduces nothing), so it is skipped
        return choose(partials.stream().filter(KeyValue.class::isInstance).map(KeyValue.class::cast).toList());
    }

    @Override
    public JsonNode result(Object partial) {
        return partial instanceof KeyValue row ? row.value() : JsonNodeFactory.instance.arrayNode();
    }

    private Object choose(List<KeyValue> rows) {
        if (rows.isEmpty()) {
            return NO_ROW;
        }
        Comparator<JsonNode> collation = options.collation();
        KeyValue chosen = rows.get(0);
        for (int i = 1; i < rows.size(); i++) {
            KeyValue row = rows.get(i);
            boolean less = less(row, chosen, collation);
            if (first ? less : !less) {
                chosen = row;
            }
        }
        return chosen;
    }

    /** {@code couch_ejson_compare:less_json_ids}: key by collation, then doc id as Erlang compares binaries. */
    private static boolean less(KeyValue a, KeyValue b, Comparator<JsonNode> collation) {
        int order = collation.compare(a.key(), b.key());
        return order != 0 ? order < 0 : Utf8Order.compare(a.docId(), b.docId()) < 0;
    }
}
