package org.couchtck.kit.daemons;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The generated sessions of a run, each played once: both generated cases judge the same examples, and the first
 * examples a run checks are started together ({@link #prefetch}) rather than one after the other. At most
 * {@link #AT_ONCE} sessions run at a time, whatever the budget, since each starts processes.
 */
final class PlayedSessions implements AutoCloseable {

    /** Plays one session to its end. */
    @FunctionalInterface
    interface Player {
        SessionRecord play(SessionSpec spec) throws InterruptedException;
    }

    /** How many sessions run at once. */
    static final int AT_ONCE = 3;

    private final Player player;
    private final ExecutorService threads = Executors.newFixedThreadPool(AT_ONCE, task -> {
        Thread thread = new Thread(task, "couchtck-daemon-generated");
        thread.setDaemon(true);
        return thread;
    });
    private final ConcurrentMap<GeneratedSession, CompletableFuture<SessionRecord>> played =
            new ConcurrentHashMap<>();

    PlayedSessions(Player player) {
        this.player = player;
    }

    /** Starts playing the first {@link #AT_ONCE} of {@code sessions} now, together. */
    void prefetch(List<GeneratedSession> sessions) {
        sessions.stream().limit(AT_ONCE).forEach(this::start);
    }

    /** What happened in {@code session}: played now, or the record of when it was played or started before. */
    SessionRecord play(GeneratedSession session) {
        try {
            return start(session).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a daemon session ran", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a daemon session failed in the kit: " + e.getCause(), e.getCause());
        }
    }

    private CompletableFuture<SessionRecord> start(GeneratedSession session) {
        return played.computeIfAbsent(session, s -> CompletableFuture.supplyAsync(() -> {
            try {
                return player.play(s.spec());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CompletionException(e);
            }
        }, threads));
    }

    /** Waits for the sessions still running (each ends within its own bounds), so no daemon outlives the run. */
    @Override
    public void close() {
        threads.shutdown();
        try {
            if (!threads.awaitTermination(5, TimeUnit.MINUTES)) {
                threads.shutdownNow();
            }
        } catch (InterruptedException e) {
            threads.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
