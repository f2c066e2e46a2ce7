package org.couchtck.reference.globalchanges;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;
import org.couchtck.reference.time.Scheduler;

/**
 * The listener half (CouchDB's global_changes_listener): each created, updated or deleted event of a database other
 * than {@code _global_changes} becomes the key {@code "type:dbname"}; keys are gathered in a set, so many updates of
 * one database within a batch count once. A batch goes to the writer {@code max_event_delay} after its first event,
 * or at the first event that arrives later than that.
 */
public final class GlobalChangesListener {

    private final Scheduler scheduler;
    private final Consumer<Set<String>> writer;
    private final String ownDb;
    private final Set<String> pending = new LinkedHashSet<>();
    private boolean updateDb;
    private long maxEventDelayMillis;
    /** When the first event of the pending batch came; -1 while nothing is pending. */
    private long batchStarted = -1;
    private Scheduler.Cancellable timer;

    /** A listener that hands its batches to {@code writer}. */
    public GlobalChangesListener(Scheduler scheduler, Consumer<Set<String>> writer, GlobalChangesConfig config) {
        this.scheduler = scheduler;
        this.writer = writer;
        this.ownDb = config.dbName();
        this.updateDb = config.updateDb();
        this.maxEventDelayMillis = config.maxEventDelayMillis();
    }

    /** Something happened to database {@code dbName}. */
    public void onEvent(String dbName, DbEvent event) {
        Set<String> batch;
        synchronized (this) {
            if (!updateDb) {
                return;
            }
            if (event.recorded() && !dbName.equals(ownDb)) {
                pending.add(event.type() + ":" + dbName);
                if (batchStarted < 0) {
                    batchStarted = scheduler.nowMillis();
                    timer = scheduler.schedule(maxEventDelayMillis, this::timeout);
                }
            }
            batch = takeIfDue();
        }
        send(batch);
    }

    /** {@code update_db}: turning it off forgets the pending batch. */
    public void setUpdateDb(boolean on) {
        synchronized (this) {
            if (!on) {
                pending.clear();
                batchStarted = -1;
                cancelTimer();
            }
            updateDb = on;
        }
    }

    /** {@code max_event_delay}: applies to the pending batch too. */
    public void setMaxEventDelay(long millis) {
        Set<String> batch;
        synchronized (this) {
            if (millis < 0) {
                throw new IllegalArgumentException("max_event_delay must not be negative: " + millis);
            }
            maxEventDelayMillis = millis;
            if (batchStarted >= 0) {
                cancelTimer();
                long remaining = Math.max(0, batchStarted + millis - scheduler.nowMillis());
                timer = scheduler.schedule(remaining, this::timeout);
            }
            batch = takeIfDue();
        }
        send(batch);
    }

    private void timeout() {
        Set<String> batch;
        synchronized (this) {
            timer = null;
            batch = takeIfDue();
        }
        send(batch);
    }

    /** The pending batch when its time has come (and the listener is then empty), else null. */
    private Set<String> takeIfDue() {
        if (batchStarted < 0 || scheduler.nowMillis() - batchStarted < maxEventDelayMillis) {
            return null;
        }
        Set<String> batch = new LinkedHashSet<>(pending);
        pending.clear();
        batchStarted = -1;
        cancelTimer();
        return batch;
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    private void send(Set<String> batch) {
        if (batch != null && !batch.isEmpty()) {
            writer.accept(batch);
        }
    }
}
