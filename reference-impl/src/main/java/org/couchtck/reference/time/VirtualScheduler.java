package org.couchtck.reference.time;

import java.util.PriorityQueue;

/**
 * A scheduler whose clock moves only when told to: {@link #advance(long)} runs every task due by then, in the order
 * of their due times and, for equal times, the order they were scheduled. Deterministic and single-threaded: call
 * it from one thread only.
 */
public final class VirtualScheduler implements Scheduler {

    private final PriorityQueue<Task> queue = new PriorityQueue<>();
    private long now;
    private long scheduled;

    @Override
    public long nowMillis() {
        return now;
    }

    @Override
    public Cancellable schedule(long delayMillis, Runnable task) {
        if (delayMillis < 0) {
            throw new IllegalArgumentException("a delay is not negative: " + delayMillis);
        }
        Task entry = new Task(now + delayMillis, scheduled++, task);
        queue.add(entry);
        return () -> entry.cancelled = true;
    }

    /** Moves the clock {@code millis} forward, running each task when its time comes (tasks may schedule more). */
    public void advance(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("time does not go backwards: " + millis);
        }
        long until = now + millis;
        while (!queue.isEmpty() && queue.peek().due <= until) {
            Task next = queue.poll();
            now = next.due;
            if (!next.cancelled) {
                next.task.run();
            }
        }
        now = until;
    }

    /** Runs every task already due, without moving the clock. */
    public void runDue() {
        advance(0);
    }

    /** How many tasks wait, cancelled ones included. */
    public int pending() {
        return queue.size();
    }

    private static final class Task implements Comparable<Task> {
        final long due;
        final long order;
        final Runnable task;
        boolean cancelled;

        Task(long due, long order, Runnable task) {
            this.due = due;
            this.order = order;
            this.task = task;
        }

        @Override
        public int compareTo(Task other) {
            return due != other.due ? Long.compare(due, other.due) : Long.compare(order, other.order);
        }
    }
}
