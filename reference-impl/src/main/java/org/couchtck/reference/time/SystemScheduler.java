package org.couchtck.reference.time;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The scheduler of a running endpoint: the JVM's monotonic clock, and tasks run one at a time on a single daemon
 * thread in due order, as CouchDB's processes handle their timer messages one at a time.
 */
public final class SystemScheduler implements Scheduler, AutoCloseable {

    private final long epoch = System.nanoTime();
    private final ScheduledExecutorService executor;

    /** A scheduler whose thread carries {@code name}. */
    public SystemScheduler(String name) {
        this.executor = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public long nowMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - epoch);
    }

    @Override
    public Cancellable schedule(long delayMillis, Runnable task) {
        if (delayMillis < 0) {
            throw new IllegalArgumentException("a delay is not negative: " + delayMillis);
        }
        ScheduledFuture<?> future = executor.schedule(task, delayMillis, TimeUnit.MILLISECONDS);
        return () -> future.cancel(false);
    }

    /** Stops the thread; tasks not yet run never run. */
    @Override
    public void close() {
        executor.shutdownNow();
    }
}
