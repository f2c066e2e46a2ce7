package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.erlang.ErlangTermEncoder;

/**
 * {@code _approx_count_distinct}: an estimate of the number of distinct keys, from a {@link HyperLogLog} sketch of
 * {@code term_to_binary(Key, [{minor_version, 1}])} of each row's full key (CouchDB's {@code ?term_to_bin}); values
 * and doc ids play no part, and with group_level the keys counted are still the full ones. Partials are sketches;
 * the result is the rounded estimate, an integer.
 */
final class ApproxCountDistinctReducer implements BuiltinReducer {

    private final String name;

    ApproxCountDistinctReducer(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object reduce(List<KeyValue> rows) {
        List<byte[]> keys = new ArrayList<>(rows.size());
        for (KeyValue row : rows) {
            keys.add(new ErlangTermEncoder().json(row.key()).toByteArray());
        }
        return HyperLogLog.empty().insertAll(keys);
    }

    @Override
    public Object rereduce(List<Object> partials) {
        List<HyperLogLog> sketches = new ArrayList<>(partials.size());
        partials.forEach(partial -> sketches.add((HyperLogLog) partial));
        return HyperLogLog.union(sketches);
    }

    @Override
    public JsonNode result(Object partial) {
        return Numbers.integer(((HyperLogLog) partial).estimate());
    }
}
