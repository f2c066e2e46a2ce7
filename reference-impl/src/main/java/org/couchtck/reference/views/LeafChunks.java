package org.couchtck.reference.views;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits rows the way CouchDB's B-tree fills its leaves: a leaf takes rows until their encoded size passes a threshold
 * (couch_btree's chunk size, 1279 bytes by default). Reductions happen per leaf, then are rereduced, so a reduce
 * function sees reduce and rereduce calls of about the sizes CouchDB gives it.
 */
final class LeafChunks {

    static final int THRESHOLD_BYTES = 1279;

    private LeafChunks() {}

    static List<List<ViewRow>> split(List<ViewRow> rows) {
        List<List<ViewRow>> chunks = new ArrayList<>();
        List<ViewRow> chunk = new ArrayList<>();
        int size = 0;
        for (ViewRow row : rows) {
            chunk.add(row);
            size += approximateSize(row);
            if (size >= THRESHOLD_BYTES) {
                chunks.add(chunk);
                chunk = new ArrayList<>();
                size = 0;
            }
        }
        if (!chunk.isEmpty() || chunks.isEmpty()) {
            chunks.add(chunk);
        }
        return chunks;
    }

    /** About the size of {@code {[Key, Id], Value}} in Erlang's external format: the JSON texts plus framing. */
    private static int approximateSize(ViewRow row) {
        return row.key().toString().length() + row.id().length() + row.value().toString().length() + 16;
    }
}
