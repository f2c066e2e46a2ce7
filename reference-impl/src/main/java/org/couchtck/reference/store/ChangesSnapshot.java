package org.couchtck.reference.store;

import java.util.List;

/**
 * A consistent read of a database's changes.
 *
 * @param rows the documents, each at its latest sequence
 * @param updateSeq the database's sequence at the moment of the read
 * @param pending how many more changes the limit left out
 */
public record ChangesSnapshot(List<DocumentState> rows, long updateSeq, long pending) {

    public ChangesSnapshot {
        rows = List.copyOf(rows);
    }

    /** The sequence of the last row, or {@code fallback} when there is none. */
    public long lastSeq(long fallback) {
        return rows.isEmpty() ? fallback : rows.get(rows.size() - 1).seq();
    }
}
