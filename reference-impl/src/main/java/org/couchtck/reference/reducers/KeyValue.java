package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One map row as a reduce function sees it: the emitted key, the id of the document that emitted it, and the emitted
 * value. CouchDB hands builtins {@code [[Key, DocId], Value]}; {@code _first}/{@code _last} order by key then id, and
 * {@code _approx_count_distinct} counts keys.
 */
public record KeyValue(JsonNode key, String docId, JsonNode value) {

    public KeyValue {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(docId, "docId");
        Objects.requireNonNull(value, "value");
    }
}
