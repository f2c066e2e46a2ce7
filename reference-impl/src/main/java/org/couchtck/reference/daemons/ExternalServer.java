package org.couchtck.reference.daemons;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The process of one {@code [external]} name, as couch_external_server keeps it: started at its first request, then
 * kept; one request at a time (a gen_server call), the others waiting their turn in order. A process that crashed a
 * request is stopped; one that exited between requests, or whose command changed, is replaced at the next. A retired
 * server stops its process once the request in flight, if any, is answered (couch_external_server:stop is a cast).
 */
final class ExternalServer {

    private final ReentrantLock turn = new ReentrantLock(true);
    /** Changed only by the holder of {@link #turn}. */
    private volatile ExternalProcess process;
    private volatile boolean retired;
    /** Set once by {@link #kill}; guarded by this object's monitor, as is the start of a process. */
    private boolean killed;

    /** Sends one request line to the process running {@code command}, starting it if need be. */
    Optional<byte[]> prompt(String command, byte[] request, Duration timeout) throws InterruptedException {
        turn.lockInterruptibly();
        try {
            stopIfRetired();
            if (process != null && (!process.alive() || !process.command().equals(command))) {
                stopProcess();
            }
            if (process == null) {
                start(command);
            }
            try {
                return process.prompt(request, timeout);
            } catch (ExternalServerCrash | InterruptedException e) {
                stopProcess();
                throw e;
            }
        } finally {
            release();
        }
    }

    /** Stops the process as soon as no request is using it; the next request starts a new one. */
    void retire() {
        retired = true;
        stopIfRetiredAndFree();
    }

    /** Stops the process now, in flight or not, and refuses further requests (the endpoint is closing). */
    void kill() {
        ExternalProcess running;
        synchronized (this) {
            killed = true;
            running = process;
        }
        if (running != null) {
            running.stop();
        }
    }

    /** The command the running process was started with, if one runs. */
    Optional<String> command() {
        ExternalProcess running = process;
        return running == null ? Optional.empty() : Optional.of(running.command());
    }

    private synchronized void start(String command) {
        if (killed) {
            throw new IllegalStateException("the external servers are closed");
        }
        process = ExternalProcess.start(command);
    }

    /** Unlocks, then stops the process if it was retired meanwhile and nobody took the next turn. */
    private void release() {
        turn.unlock();
        stopIfRetiredAndFree();
    }

    private void stopIfRetiredAndFree() {
        while (retired && turn.tryLock()) {
            try {
                stopIfRetired();
            } finally {
                turn.unlock();
            }
        }
    }

    private void stopIfRetired() {
        if (retired) {
            retired = false;
            stopProcess();
        }
    }

    private void stopProcess() {
        if (process != null) {
            process.stop();
            process = null;
        }
    }
}
