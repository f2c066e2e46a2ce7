package org.couchtck.reference.endpoint;

import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.store.ChangesSnapshot;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;

/**
 * One pass over a database's changes after a sequence: the rows a feed sends, the sequence the pass reached, and
 * CouchDB's {@code pending} and {@code last_seq} for it.
 *
 * @param rows the matching documents, at most the remaining limit
 * @param reached the sequence the next pass starts after (the last change looked at)
 * @param lastSeq what the feed reports as {@code last_seq}
 * @param pending changes after {@code reached} that the pass did not enumerate
 * @param limitReached whether the limit cut the pass short
 */
record ChangesScan(List<DocumentState> rows, long reached, long lastSeq, long pending, boolean limitReached) {

    static ChangesScan run(Database db, long since, long limit, boolean descending, ChangesFilter filter) {
        ChangesSnapshot snapshot = db.changes(since, descending, Long.MAX_VALUE);
        List<DocumentState> all = snapshot.rows();
        List<Boolean> matches = all.isEmpty() ? List.of() : filter.test(all);
        List<DocumentState> rows = new ArrayList<>();
        long enumerated = 0;
        long reached = descending ? since : Math.max(since, snapshot.updateSeq());
        boolean limitReached = false;
        for (int i = 0; i < all.size(); i++) {
            if (rows.size() >= limit) {
                limitReached = true;
                break;
            }
            boolean match = matches.get(i);
            if (match || !filter.enumeratesMatchesOnly()) {
                enumerated++;
            }
            if (match) {
                rows.add(all.get(i));
            }
            if (rows.size() >= limit && !descending) {
                reached = all.get(i).seq();
                limitReached = i + 1 < all.size();
                break;
            }
        }
        long pending = Math.max(0, all.size() - enumerated);
        long lastSeq;
        if (descending) {
            lastSeq = rows.isEmpty() ? since : rows.get(rows.size() - 1).seq();
        } else if (limit == 0) {
            lastSeq = since;
            reached = since;
        } else {
            lastSeq = limitReached || rows.size() >= limit ? reached : Math.max(since, snapshot.updateSeq());
        }
        return new ChangesScan(rows, reached, lastSeq, pending, limitReached || rows.size() >= limit);
    }
}
