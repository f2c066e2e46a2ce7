package org.couchtck.kit.process;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A server's standard error as its reader thread sees it, able to tell when everything written so far has been read.
 * Standard error is read on its own thread, so a line a server writes just before its reply can reach the kit a
 * moment after the reply; {@link #awaitRead} keeps each line with the case whose exchange produced it.
 *
 * <p>A process pipe's stream locks itself while a read blocks, so nobody else can ask it how much is waiting. This
 * stream therefore never blocks while the process runs: it reads what {@code available()} says is there, and
 * otherwise parks until more may have come or someone waits for it. Once the process is gone it reads normally, to
 * the end. A wait covers the bytes that were in the pipe when the reader first looked after it began, so a server
 * that never stops writing to standard error cannot stretch it.
 */
final class StderrPipe extends FilterInputStream {

    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final BooleanSupplier processAlive;
    private volatile Thread reader;
    /** Bytes handed to the reader's caller so far; only the reader thread writes it. */
    private long consumed;
    // Guarded by this: the waits asked for, the one the reader is working towards, and the last one it met.
    private long requested;
    private long pursued;
    private long goal;
    private long met;
    private boolean ended;

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
        try {
            return poll(bytes, offset, length);
        } catch (IOException e) {
            // The pipe is closed: nothing more will be read, so no wait should wait for it.
            end();
            throw e;
        }
    }

    private int poll(byte[] bytes, int offset, int length) throws IOException {
        reader = Thread.currentThread();
        while (true) {
            int waiting = in.available();
            // The caller reads again only once it has handed on every whole line it had: what it consumed is done.
            progress(waiting);
            if (waiting > 0) {
                int n = in.read(bytes, offset, Math.min(length, waiting));
                consumed += Math.max(n, 0);
                return n;
            }
            if (!processAlive.getAsBoolean()) {
                end();
                return in.read(bytes, offset, length);
            }
            LockSupport.parkNanos(this, IDLE_PARK_NANOS);
        }
    }

    private synchronized void progress(int waiting) {
        if (requested > pursued) {
            pursued = requested;
            goal = consumed + waiting;
        }
        if (pursued > met && consumed >= goal) {
            met = pursued;
            notifyAll();
        }
    }

    private synchronized void end() {
        ended = true;
        notifyAll();
    }

    /**
     * Waits, at most {@code bound}, until every byte the server wrote before this call has been read and handed on.
     *
     * @return whether it was
     */
    boolean awaitRead(Duration bound) {
        long request;
        synchronized (this) {
            request = ++requested;
        }
        Thread current = reader;
        if (current != null) {
            LockSupport.unpark(current);
        }
        long deadline = System.nanoTime() + bound.toNanos();
        synchronized (this) {
            while (met < request && !ended) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }
}
