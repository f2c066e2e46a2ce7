package org.couchtck.reference.ken;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * The databases waiting for ken to look at them, each at most once (CouchDB's queue and {@code ken_pending}), and
 * those waiting out a resubmit delay ({@code ken_resubmit}): a database is skipped while its resubmit is pending.
 */
final class DbQueue {

    private final Deque<String> queue = new ArrayDeque<>();
    private final Set<String> queued = new HashSet<>();
    private final Set<String> resubmitting = new HashSet<>();

    /** Queues {@code db} at the back unless it already waits. */
    void add(String db) {
        if (queued.add(db)) {
            queue.addLast(db);
        }
    }

    /** The database at the head, left there; null when none waits. */
    String head() {
        return queue.peekFirst();
    }

    /** Takes the head away: it no longer waits. */
    void dropHead() {
        queued.remove(queue.pollFirst());
    }

    /** Takes {@code db} out of the queue (its resubmit, if any, still comes). */
    void remove(String db) {
        if (queued.remove(db)) {
            queue.remove(db);
        }
    }

    /** Marks {@code db} as waiting for a resubmit; false if it already was. */
    boolean markResubmitting(String db) {
        return resubmitting.add(db);
    }

    /** The resubmit of {@code db} came. */
    void clearResubmitting(String db) {
        resubmitting.remove(db);
    }

    boolean isResubmitting(String db) {
        return resubmitting.contains(db);
    }
}
