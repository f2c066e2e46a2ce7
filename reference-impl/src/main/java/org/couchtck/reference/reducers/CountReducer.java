package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * {@code _count}: the number of rows; rereduce adds the counts up as {@code _sum} does (without its
 * {@code reduce_limit} check). Partials and results are JSON integers.
 */
final class CountReducer implements BuiltinReducer {

    private final String name;

    CountReducer(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object reduce(List<KeyValue> rows) {
        return Numbers.integer(rows.size());
    }

    @Override
    public Object rereduce(List<Object> partials) {
        return Sums.sumRows(partials.size(), i -> (JsonNode) partials.get(i));
    }

    @Override
    public JsonNode result(Object partial) {
        return (JsonNode) partial;
    }
}
