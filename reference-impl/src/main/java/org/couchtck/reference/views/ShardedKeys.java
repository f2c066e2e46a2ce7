package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * A {@code keys} query of a view, as fabric answers it on a database of q shards. Each document lives in the shard
 * whose range of the 2^32 ring holds the CRC-32 of its id (mem3); each shard folds the keys as {@link KeysFold} does,
 * with no skip and a limit of skip + limit; the coordinator merges the shards' streams, each in its own order, taking
 * next the head whose key comes first in keys (looked up in a dict of the keys, so a repeated key's last place
 * counts; when descending, of the keys reversed), then skips (each skipped row counting toward the offset) and limits.
 * The offset is the shards' offsets summed, plus the rows skipped. One shard keeps the order of keys, a repeated key
 * included (CouchDB 3.5.2 with q=1 answered keys [3,1,99,3] with the rows of 3, 1, 3); two may not (q=2: 1, 3, 3).
 */
final class ShardedKeys {

    private ShardedKeys() {}

    static MapResult map(TreeMap<IndexKey, JsonNode> index, ViewQuery query, int shards) {
        List<JsonNode> keys = query.keys().orElseThrow();
        List<TreeMap<IndexKey, JsonNode>> byShard = new ArrayList<>();
        for (int i = 0; i < shards; i++) {
            byShard.add(new TreeMap<>(index.comparator()));
        }
        index.forEach((key, value) -> byShard.get(shardOf(key.id(), shards)).put(key, value));
        long fetch = query.limit() > Long.MAX_VALUE - query.skip() ? Long.MAX_VALUE : query.skip() + query.limit();
        // descending reverses the keys before fabric makes its dict of them
        List<JsonNode> folded = new ArrayList<>(keys);
        if (query.descending()) {
            Collections.reverse(folded);
        }
        Map<String, Integer> place = new HashMap<>();
        for (int i = 0; i < folded.size(); i++) {
            place.put(folded.get(i).toString(), i);
        }
        Comparator<IndexKey> indexOrder = index.comparator()::compare;
        Comparator<IndexKey> rowOrder = query.descending() ? indexOrder.reversed() : indexOrder;
        Comparator<Map.Entry<IndexKey, JsonNode>> first = Comparator.<Map.Entry<IndexKey, JsonNode>>comparingInt(
                row -> place.getOrDefault(row.getKey().key().toString(), Integer.MAX_VALUE))
                .thenComparing(Map.Entry::getKey, rowOrder);
        long offset = 0;
        List<List<Map.Entry<IndexKey, JsonNode>>> streams = new ArrayList<>();
        for (TreeMap<IndexKey, JsonNode> shard : byShard) {
            KeysFold.Result result = KeysFold.fold(shard, keys, query.descending(), fetch);
            offset += result.offset();
            streams.add(result.rows());
        }
        RowPage page = RowPage.of(merge(streams, first), query);
        return new MapResult(index.size(), offset + page.skipped(), page.rows());
    }

    /** The streams merged head by head, each keeping its own order. */
    private static List<Map.Entry<IndexKey, JsonNode>> merge(List<List<Map.Entry<IndexKey, JsonNode>>> streams,
            Comparator<Map.Entry<IndexKey, JsonNode>> first) {
        List<Map.Entry<IndexKey, JsonNode>> out = new ArrayList<>();
        int[] next = new int[streams.size()];
        while (true) {
            int best = -1;
            for (int s = 0; s < streams.size(); s++) {
                if (next[s] < streams.get(s).size() && (best < 0
                        || first.compare(streams.get(s).get(next[s]), streams.get(best).get(next[best])) < 0)) {
                    best = s;
                }
            }
            if (best < 0) {
                return out;
            }
            out.add(streams.get(best).get(next[best]++));
        }
    }

    /** mem3's shard of a document: the range of q equal parts of [0, 2^32) that holds crc32(id); the last takes the rest. */
    static int shardOf(String id, int shards) {
        CRC32 crc = new CRC32();
        crc.update(id.getBytes(StandardCharsets.UTF_8));
        long size = (1L << 32) / shards;
        return (int) Math.min(crc.getValue() / size, shards - 1);
    }
}
