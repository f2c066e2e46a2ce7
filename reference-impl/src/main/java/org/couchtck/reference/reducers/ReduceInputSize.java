package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.couchtck.reference.erlang.ErlangTermEncoder;

/**
 * {@code erlang:external_size(KVs, [{minor_version, 1}])} of what CouchDB passes a builtin: {@code [[[Key, DocId],
 * Value], ...]} on reduce, {@code [[[], Reduction], ...]} on rereduce. {@code reduce_limit} compares it with the
 * size of the output.
 */
final class ReduceInputSize {

    private ReduceInputSize() {
    }

    static int ofRows(List<KeyValue> rows) {
        ErlangTermEncoder term = new ErlangTermEncoder();
        if (rows.isEmpty()) {
            return term.nil().size();
        }
        term.listHeader(rows.size());
        for (KeyValue row : rows) {
            term.listHeader(2).listHeader(2).json(row.key()).utf8(row.docId()).nil().json(row.value()).nil();
        }
        return term.nil().size();
    }

    static int ofPartials(List<JsonNode> partials) {
        ErlangTermEncoder term = new ErlangTermEncoder();
        if (partials.isEmpty()) {
            return term.nil().size();
        }
        term.listHeader(partials.size());
        for (JsonNode partial : partials) {
            term.listHeader(2).nil().json(partial).nil();
        }
        return term.nil().size();
    }

    static int ofValue(JsonNode value) {
        return new ErlangTermEncoder().json(value).size();
    }
}
