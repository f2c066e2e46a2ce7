package org.couchtck.reference.log;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** A log that keeps every message, for tests to read and to wait on. */
public final class RecordingLog implements CouchLog {

    /** One message. */
    public record Entry(LogLevel level, String message) {
        @Override
        public String toString() {
            return "[" + level.couchName() + "] " + message;
        }
    }

    private final List<Entry> entries = new ArrayList<>();

    @Override
    public synchronized void log(LogLevel level, String message) {
        entries.add(new Entry(level, message));
        notifyAll();
    }

    public synchronized List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** The messages logged at {@code level}, in order. */
    public synchronized List<String> messages(LogLevel level) {
        return entries.stream().filter(e -> e.level() == level).map(Entry::message).toList();
    }

    /** Waits up to {@code timeout} for a message that {@code matches}; the first one, or an AssertionError. */
    public synchronized Entry await(Predicate<Entry> matches, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (Entry entry : entries) {
                if (matches.test(entry)) {
                    return entry;
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no such log message within " + timeout + "; logged:\n" + String.join("\n",
                        entries.stream().map(Entry::toString).toList()));
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Waits for a message at {@code level} equal to {@code message}. */
    public Entry await(LogLevel level, String message, Duration timeout) throws InterruptedException {
        return await(e -> e.level() == level && e.message().equals(message), timeout);
    }
}
