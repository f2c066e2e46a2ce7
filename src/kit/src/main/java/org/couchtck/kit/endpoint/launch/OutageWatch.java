package org.couchtck.kit.endpoint.launch;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.couchtck.kit.endpoint.EndpointWatch;
import org.couchtck.kit.endpoint.HttpEndpoint;
import org.couchtck.kit.endpoint.InFlight;
import org.couchtck.kit.endpoint.Outage;

/**
 * The watch of an endpoint that can go away, with the state every kind shares: up, away (an outage is being dealt
 * with: a restart, or probes until the server is back) or gone for good, and the outages so far. What an outage is
 * and how the endpoint comes back is its kind's ({@link LaunchedEndpoint}, {@link UrlWatch}).
 */
abstract class OutageWatch implements EndpointWatch {

    /**
     * How long before the kit saw an outage a request may have failed and still be counted as in flight: the
     * connections of a server that dies break the moment it does, a little before the kit learns of its exit.
     */
    static final Duration FAILED_JUST_BEFORE = Duration.ofSeconds(2);

    private enum State { UP, AWAY, GONE }

    private final HttpEndpoint target;
    private final List<Outage> outages = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();
    private State state = State.UP;
    private String goneBecause = "";

    OutageWatch(HttpEndpoint target) {
        this.target = target;
    }

    @Override
    public long outageCount() {
        return outages.size();
    }

    @Override
    public List<Outage> outagesAfter(long count) {
        List<Outage> all = List.copyOf(outages);
        return count >= all.size() ? List.of() : all.subList((int) count, all.size());
    }

    @Override
    public void requestFailed(String request, IOException failure) {
        synchronized (lock) {
            if (state != State.UP) {
                return;
            }
        }
        whyAway(failure).ifPresent(what -> declare(what.what(), what.stderrTail()));
    }

    /** What happened, in words, and the last words of a process, when an outage is what {@link #whyAway} found. */
    record Away(String what, String stderrTail) {}

    /**
     * After a request failed as {@code failure} says ({@code null}: no response head in time): why the endpoint is
     * away, or empty when it still answers (the failure is the request's own).
     */
    abstract java.util.Optional<Away> whyAway(IOException failure);

    /**
     * Brings the endpoint back after {@code outage}, however its kind does; runs on a thread of its own.
     *
     * @return empty once it is back; else why it is gone for good
     */
    abstract java.util.Optional<String> recover(Outage outage) throws InterruptedException;

    /** Counts an outage seen now (unless one is being dealt with already) and starts bringing the endpoint back. */
    final void declare(String what, String stderrTail) {
        Outage outage;
        synchronized (lock) {
            if (state != State.UP) {
                return;
            }
            state = State.AWAY;
            Instant now = Instant.now();
            List<InFlight> inFlight = target.inFlight(now, FAILED_JUST_BEFORE);
            outage = new Outage(outages.size() + 1, now, what, stderrTail, inFlight);
            outages.add(outage);
        }
        target.dropIdleConnections();
        Thread recovery = new Thread(() -> recoverFrom(outage), "couchtck-endpoint-recovery-" + outage.number());
        recovery.setDaemon(true);
        recovery.start();
    }

    private void recoverFrom(Outage outage) {
        java.util.Optional<String> gone;
        try {
            gone = recover(outage);
        } catch (InterruptedException e) {
            gone = java.util.Optional.of("the kit was interrupted while it brought the endpoint back");
        } catch (RuntimeException e) {
            gone = java.util.Optional.of("the kit failed to bring the endpoint back: " + e);
        }
        synchronized (lock) {
            if (gone.isPresent()) {
                state = State.GONE;
                goneBecause = gone.get();
            } else if (state == State.AWAY) {
                state = State.UP;
            }
            lock.notifyAll();
        }
    }

    /** Says the endpoint is gone for good, for {@code why} (the run is ending, say). */
    final void giveUp(String why) {
        synchronized (lock) {
            if (state != State.GONE) {
                state = State.GONE;
                goneBecause = why;
            }
            lock.notifyAll();
        }
    }

    @Override
    public boolean awaitUp() throws InterruptedException {
        synchronized (lock) {
            while (state == State.AWAY) {
                lock.wait();
            }
            return state == State.UP;
        }
    }

    @Override
    public String goneBecause() {
        synchronized (lock) {
            return goneBecause;
        }
    }

    /** Whether the endpoint is up now. */
    final boolean up() {
        synchronized (lock) {
            return state == State.UP;
        }
    }
}
