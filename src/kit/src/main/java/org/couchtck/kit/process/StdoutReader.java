package org.couchtck.kit.process;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.couchtck.kit.process.OutputQueue.End;
import org.couchtck.kit.process.OutputQueue.Item;
import org.couchtck.kit.process.OutputQueue.Overflow;
import org.couchtck.kit.process.OutputQueue.Received;
import org.couchtck.kit.wire.BoundedLineReader;
import org.couchtck.kit.wire.BoundedLineReader.Line;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * A server's standard output, read where it costs least without ever blocking the caller past its deadline.
 *
 * <p>A reply that comes quickly is read by the waiting thread itself, from the bytes the pipe says are there, so that
 * an exchange wakes no other thread of the kit (a hand-over between threads costs more than an echo server's whole
 * reply). Only bytes already waiting are read there: such a read never blocks, whoever holds the pipe's other end.
 *
 * <p>Everything else is read by a daemon thread, which hands lines over through the {@link OutputQueue}: a reply that
 * is slow to come (the waiting thread gives up looking after {@link #SPIN_NANOS} and waits on the queue, up to its
 * deadline), output nobody asked for (drained now and then, so a chatty server never blocks on a full pipe), and all
 * output once the process has exited. Only that thread blocks in a read, so an orphan that keeps the pipe open after
 * the server exits can stall it alone, never the caller; the end of output is seen there.
 */
final class StdoutReader {

    /**
     * How long the waiting thread looks for a reply itself before it hands the reading over: longer than a quick
     * server's round trip, short enough that a slow one costs little CPU.
     */
    private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    /**
     * How long one read here must last to count as stuck: a read of bytes already there takes microseconds, but on a
     * loaded machine the thread may wait that long and more for a CPU, in a read or between two (a kill of a server
     * that was only slow to be scheduled would be the kit's fault, not the server's).
     */
    private static final long STUCK_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How often the daemon drains output that came while nobody was waiting. */
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final BoundedLineReader lines;
    private final OutputQueue queue;
    private final BooleanSupplier processAlive;
    private final Supplier<Transcript> transcript;
    /** Held by whoever reads {@link #lines}; the daemon holds it through a blocking read. */
    private final ReentrantLock reading = new ReentrantLock();
    private volatile boolean wanted;
    private volatile boolean stopped;
    private volatile Thread daemon;
    // Set while the waiting thread is in a read here, for the watchdog (see stuckPast).
    private volatile boolean inRead;
    private volatile long readStartedNanos;

    StdoutReader(InputStream stdout, int maxLineBytes, OutputQueue queue, BooleanSupplier processAlive,
            Supplier<Transcript> transcript) {
        this.queue = queue;
        this.processAlive = processAlive;
        this.transcript = transcript;
        this.lines = new BoundedLineReader(stdout, maxLineBytes, bytesSoFar -> {
            transcript.get().add(Direction.EVENT, "output line passed " + maxLineBytes + " bytes without a newline");
            put(new Overflow(bytesSoFar));
        });
    }

    /**
     * The next thing the server wrote, or null when nothing came before {@code deadlineNanos} (a
     * {@link System#nanoTime} value). Items are handed over in the order they came, wherever they were read.
     */
    Item next(long deadlineNanos) throws InterruptedException {
        Item quick = readHere(Math.min(deadlineNanos, System.nanoTime() + SPIN_NANOS));
        if (quick != null) {
            return quick;
        }
        wanted = true;
        Thread reader = daemon;
        if (reader != null) {
            LockSupport.unpark(reader);
        }
        return queue.poll(deadlineNanos);
    }

    // Null when the daemon holds the pipe, or no whole line came before the spin ends.
    private Item readHere(long spinUntil) {
        if (!reading.tryLock()) {
            return null;
        }
        try {
            // Whatever the daemon read earlier comes first; it queues only while holding the lock.
            Item queued = queue.pollNow();
            if (queued != null) {
                return queued;
            }
            do {
                Item item;
                readStartedNanos = System.nanoTime();
                inRead = true;
                try {
                    item = poll();
                } finally {
                    inRead = false;
                }
                if (item != null) {
                    return item;
                }
                // Yields rather than spins: on a busy machine the server may need this very CPU to reply.
                Thread.yield();
            } while (System.nanoTime() - spinUntil < 0);
            return null;
        } catch (IOException e) {
            // The daemon's next read meets the same fault and ends the output.
            return null;
        } finally {
            reading.unlock();
        }
    }

    /**
     * Whether the waiting thread has been in one read here for {@link #STUCK_NANOS} at {@code nowNanos}. A read of
     * bytes the pipe said were there cannot block, except when the process exits between the two and the JDK drains
     * the pipe on its exit: then the read waits for the end of output, which a process the server left behind may
     * hold off. The caller's watchdog ends such a read by killing whatever holds the pipe.
     */
    boolean stuckPast(long nowNanos) {
        return inRead && nowNanos - readStartedNanos > STUCK_NANOS;
    }

    // A line from the bytes waiting, or an overflow the poll passed; null when neither.
    private Item poll() throws IOException {
        while (true) {
            Optional<Line> next = lines.pollLine();
            if (next.isEmpty()) {
                return queue.pollNow();
            }
            Line line = next.get();
            if (record(line)) {
                // An overflow reported on the way came first; hand it over before this line.
                Item overflow = queue.pollNow();
                if (overflow != null) {
                    put(new Received(line));
                    return overflow;
                }
                return new Received(line);
            }
        }
    }

    /** The daemon thread's body: reads what nobody waits for, and everything once the process is gone. */
    void run() {
        daemon = Thread.currentThread();
        try {
            while (!stopped) {
                if (wanted || !processAlive.getAsBoolean()) {
                    wanted = false;
                    if (!readBlocking()) {
                        return;
                    }
                } else {
                    LockSupport.parkNanos(this, IDLE_NANOS);
                    drainWaiting();
                }
            }
        } catch (IOException e) {
            if (!stopped) {
                transcript.get().add(Direction.EVENT, "reading the server's output failed: " + e.getMessage());
            }
        } finally {
            put(new End());
        }
    }

    /** Stops the daemon unless it is blocked in a read (the process's end ends that). */
    void stop() {
        stopped = true;
        Thread reader = daemon;
        if (reader != null) {
            LockSupport.unpark(reader);
        }
    }

    // Reads until one line is handed over; false at the end of output.
    private boolean readBlocking() throws IOException {
        reading.lock();
        try {
            while (true) {
                Optional<Line> next = lines.readLine();
                if (next.isEmpty()) {
                    return false;
                }
                if (record(next.get())) {
                    put(new Received(next.get()));
                    return true;
                }
            }
        } finally {
            reading.unlock();
        }
    }

    private void drainWaiting() throws IOException {
        if (wanted || !reading.tryLock()) {
            return;
        }
        try {
            Optional<Line> next;
            while (!wanted && (next = lines.pollLine()).isPresent()) {
                if (record(next.get())) {
                    put(new Received(next.get()));
                }
            }
        } finally {
            reading.unlock();
        }
    }

    // Records a line; whether it is to be handed over (the end of a line over the cap is not: its overflow was).
    private boolean record(Line line) {
        Transcript record = transcript.get();
        record.add(Direction.RECEIVED, line.text());
        if (line.truncated()) {
            record.add(Direction.EVENT, "the over-long line ended after " + line.byteLength() + " bytes");
            return false;
        }
        if (!line.terminated()) {
            record.add(Direction.EVENT, "output ended in the middle of a line (no newline)");
        }
        return true;
    }

    private void put(Item item) {
        try {
            queue.put(item);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
