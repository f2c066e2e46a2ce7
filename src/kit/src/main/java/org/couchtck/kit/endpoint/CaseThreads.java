package org.couchtck.kit.endpoint;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
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
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    CaseThreads(int caseNumber) {
        AtomicInteger count = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "couchtck-case-" + caseNumber + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            threads.add(thread);
            return thread;
        });
    }

    <T> Future<T> submit(Callable<T> task) {
        return executor.submit(task);
    }

    /**
     * Interrupts what still runs and waits (a few seconds at most) until every thread ended: not only its task (the
     * pool terminates then) but the thread itself, which lives a moment longer.
     */
    @Override
    public void close() {
        executor.shutdownNow();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_MILLIS);
        try {
            executor.awaitTermination(STOP_MILLIS, TimeUnit.MILLISECONDS);
            for (Thread thread : threads) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left > 0) {
                    thread.join(left);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
