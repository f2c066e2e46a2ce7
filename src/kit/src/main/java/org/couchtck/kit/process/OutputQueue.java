package org.couchtck.kit.process;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.wire.BoundedLineReader.Line;

/**
 * Hands a server's output from its reader thread to the exchanging thread. Bounded by bytes, not by count, so that a
 * server printing many long lines nobody asked for blocks (on its full pipe) instead of filling the kit's heap. The end
 * of output is sticky: once reached, every later poll sees it at once.
 */
final class OutputQueue {

    /** Something the reader thread observed on the server's standard output. */
    sealed interface Item permits Received, Overflow, End {}

    /** A complete line, or a last line cut off by the end of output. */
    record Received(Line line) implements Item {}

    /** A line passed the byte cap; {@code bytesSoFar} were read when the reader noticed. */
    record Overflow(long bytesSoFar) implements Item {}

    /** The output ended. */
    record End() implements Item {}

    private static final long ITEM_OVERHEAD = 64;

    private final ArrayDeque<Item> items = new ArrayDeque<>();
    private final long budgetBytes;
    private long queuedBytes;
    private boolean discarding;

    OutputQueue(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /** Queues {@code item}, waiting while the queue is over budget; a lone item always fits. */
    synchronized void put(Item item) throws InterruptedException {
        long weight = weight(item);
        while (!discarding && !items.isEmpty() && queuedBytes + weight > budgetBytes) {
            wait();
        }
        if (discarding) {
            return;
        }
        items.addLast(item);
        queuedBytes += weight;
        notifyAll();
    }

    /** The next item, or null when none arrived before {@code deadlineNanos} (a {@link System#nanoTime} value). */
    synchronized Item poll(long deadlineNanos) throws InterruptedException {
        while (items.isEmpty()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return pollNow();
    }

    /** The next item if there is one now, otherwise null. */
    synchronized Item pollNow() {
        Item head = items.peekFirst();
        if (head == null || head instanceof End) {
            return head;
        }
        items.removeFirst();
        queuedBytes -= weight(head);
        notifyAll();
        return head;
    }

    /** Drops everything queued and everything put from now on: nobody will read it. */
    synchronized void discard() {
        discarding = true;
        items.clear();
        queuedBytes = 0;
        notifyAll();
    }

    private static long weight(Item item) {
        return item instanceof Received ? ((Received) item).line().text().length() * 2L + ITEM_OVERHEAD
                : ITEM_OVERHEAD;
    }
}
