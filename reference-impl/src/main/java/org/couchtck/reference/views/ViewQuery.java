package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * What a view query asks of the index, once its parameters are parsed and checked.
 *
 * @param keys {@code keys}: rows of these keys, key by key in this order (duplicates repeat)
 * @param startKey {@code startkey}; with {@code descending} the upper bound
 * @param startDocId {@code startkey_docid}: where within {@code startKey}'s rows to begin
 * @param endKey {@code endkey}
 * @param endDocId {@code endkey_docid}
 * @param inclusiveEnd whether rows equal to the end bound are in
 * @param descending the direction
 * @param skip rows (or groups) left out first
 * @param limit the most rows (or groups) returned
 * @param reduce whether a reducing view reduces ({@code reduce=false} lists its map rows)
 * @param groupLevel 0: one reduction; {@link #EXACT}: one per distinct key; N: one per key prefix of length N
 */
public record ViewQuery(Optional<List<JsonNode>> keys, Optional<JsonNode> startKey, Optional<String> startDocId,
        Optional<JsonNode> endKey, Optional<String> endDocId, boolean inclusiveEnd, boolean descending, long skip,
        long limit, boolean reduce, int groupLevel) {

    /** {@code group=true}: every distinct key its own group. */
    public static final int EXACT = -1;

    public ViewQuery {
        keys = keys.map(List::copyOf);
    }

    /** Every row, ascending, reduced to one value where the view reduces. */
    public static ViewQuery all() {
        return new ViewQuery(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                true, false, 0, Long.MAX_VALUE, true, 0);
    }
}
