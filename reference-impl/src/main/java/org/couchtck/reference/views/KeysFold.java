package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A {@code keys} query of one shard as couch_mrview's map_fold answers it (fabric asks each shard for skip + limit
 * rows and skips itself): one fold per key, in the order of keys (backwards when descending), the rows of a key in
 * index order. The offset is that of the first row it sends, the rows before it in the direction of the fold; when it
 * sends none, it is where the last fold ended (just past that key's rows).
 */
final class KeysFold {

    /** The rows one fold sends and its offset. */
    record Result(List<Map.Entry<IndexKey, JsonNode>> rows, long offset) {}

    private KeysFold() {}

    static Result fold(TreeMap<IndexKey, JsonNode> index, List<JsonNode> keysAsGiven, boolean descending,
            long limit) {
        List<JsonNode> keys = new ArrayList<>(keysAsGiven);
        if (descending) {
            Collections.reverse(keys);
        }
        List<Map.Entry<IndexKey, JsonNode>> rows = new ArrayList<>();
        Long offset = null;
        long lastEnd = 0;
        for (JsonNode key : keys) {
            IndexKey low = IndexKey.first(key);
            IndexKey high = IndexKey.last(key);
            NavigableMap<IndexKey, JsonNode> ofKey = index.subMap(low, true, high, true);
            if (descending) {
                ofKey = ofKey.descendingMap();
            }
            long position = (descending ? index.tailMap(high, false) : index.headMap(low, false)).size();
            lastEnd = position;
            for (Map.Entry<IndexKey, JsonNode> row : ofKey.entrySet()) {
                if (rows.size() >= limit) {
                    // the fold stops at this row; with nothing sent yet (limit=0) the next key folds again
                    break;
                }
                if (offset == null) {
                    offset = position;
                }
                rows.add(Map.entry(row.getKey(), row.getValue()));
                position++;
                lastEnd = position;
            }
            if (offset != null && rows.size() >= limit) {
                break;
            }
        }
        return new Result(rows, offset != null ? offset : lastEnd);
    }
}
