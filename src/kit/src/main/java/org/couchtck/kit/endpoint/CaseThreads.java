package org.couchtck.kit.endpoint;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads one case starts (its feed readers): daemon threads named {@code couchtck-case-<n>-<i>}, all ended when
 * the case closes this, so that none outlives its case.
 */
final class CaseThreads implements AutoCloseable {

    private static final long STOP_MILLIS = 5_000;

    private final ExecutorService executor;

    CaseThreads(int caseNumber) {
        AtomicInteger count = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "couchtck-case-" + caseNumber + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    <T> Future<T> submit(Callable<T> task) {
        return executor.submit(task);
    }

    /** Interrupts what still runs and waits (a few seconds at most) until every thread ended. */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(STOP_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
