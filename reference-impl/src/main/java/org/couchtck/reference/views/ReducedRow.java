package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * One row of a reduce query: a group's key and its reduction, or the error the query server gave for it (CouchDB
 * shows that as {@code {"key": K, "error": E, "reason": R}}).
 */
public record ReducedRow(JsonNode key, JsonNode value, Optional<ViewFunctions.ReduceFailure> failure) {

    static ReducedRow of(JsonNode key, JsonNode value) {
        return new ReducedRow(key, value, Optional.empty());
    }

    static ReducedRow failed(JsonNode key, ViewFunctions.ReduceFailure failure) {
        return new ReducedRow(key, null, Optional.of(failure));
    }
}
