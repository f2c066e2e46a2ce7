package org.couchtck.reference.time;

/** A clock and delayed tasks: the only way the reference's background machinery sees time. */
public interface Scheduler {

    /** Milliseconds since this scheduler's epoch; never goes backwards. */
    long nowMillis();

    /**
     * Runs {@code task} once, {@code delayMillis} from now (0: as soon as possible, after tasks already due).
     *
     * @return a handle that cancels the task if it has not run yet
     */
    Cancellable schedule(long delayMillis, Runnable task);

    /** A scheduled task that can still be called off. */
    interface Cancellable {
        /** Calls the task off; no effect once it ran. */
        void cancel();
    }
}
