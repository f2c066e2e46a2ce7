package org.couchtck.kit.process;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A server's standard error as its reader thread sees it, able to tell when everything written so far has been read.
 * Standard error is read on its own thread, so a line a server writes just before its reply can reach the kit a
 * moment after the reply; {@link #awaitRead} keeps each line with the case whose exchange produced it.
 *
 * <p>A process pipe's stream locks itself while a read blocks, so nobody else can ask it how much is waiting. This
 * stream therefore never blocks while the process runs: it reads what {@code available()} says is there, and
 * otherwise parks for a moment, noting that it found the pipe empty. Once the process is gone it reads normally, to
 * the end.
 */
final class StderrPipe extends FilterInputStream {

    private static final long IDLE_PARK_NANOS = Duration.ofMillis(10).toNanos();

    private final BooleanSupplier processAlive;
    /** Incremented by each {@link #awaitRead} call; the reader answers by finding the pipe empty after it. */
    private final AtomicLong requests = new AtomicLong();
    /** The last request the reader answered: a check begun after that request found nothing unread. */
    private final AtomicLong answered = new AtomicLong();
    private volatile Thread reader;

    StderrPipe(InputStream in, BooleanSupplier processAlive) {
        super(in);
        this.processAlive = processAlive;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        reader = Thread.currentThread();
        while (true) {
            long request = requests.get();
            int waiting = in.available();
            if (waiting > 0) {
                return in.read(bytes, offset, Math.min(length, waiting));
            }
            if (!processAlive.getAsBoolean()) {
                answered.set(Long.MAX_VALUE);
                return in.read(bytes, offset, length);
            }
            // Everything written before the request began has been handed on: the caller only reads when it has no
            // whole line left.
            answered.accumulateAndGet(request, Math::max);
            LockSupport.parkNanos(this, IDLE_PARK_NANOS);
        }
    }

    /**
     * Waits, at most {@code bound}, until every byte the server wrote before this call has been read and handed on.
     *
     * @return whether it was
     */
    boolean awaitRead(Duration bound) {
        long request = requests.incrementAndGet();
        Thread current = reader;
        if (current != null) {
            LockSupport.unpark(current);
        }
        long deadline = System.nanoTime() + bound.toNanos();
        while (answered.get() < request) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
        }
        return true;
    }
}
