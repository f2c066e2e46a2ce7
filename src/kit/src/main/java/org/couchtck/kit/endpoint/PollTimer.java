package org.couchtck.kit.endpoint;

/**
 * The time a polling request step goes by: when an attempt was sent, and the wait before the next one. The system's
 * by default; a test gives a virtual one so that a poll's bound costs no real time.
 */
public interface PollTimer {

    /** The system's monotonic clock and {@link Thread#sleep}. */
    PollTimer SYSTEM = new PollTimer() {
        @Override
        public long millis() {
            return System.nanoTime() / 1_000_000;
        }

        @Override
        public void sleep(long millis) throws InterruptedException {
            Thread.sleep(millis);
        }
    };

    /** A monotonic time in ms; only differences count. */
    long millis();

    /** Waits {@code millis} ms (positive). */
    void sleep(long millis) throws InterruptedException;
}
