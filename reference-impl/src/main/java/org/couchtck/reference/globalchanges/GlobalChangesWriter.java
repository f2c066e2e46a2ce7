package org.couchtck.reference.globalchanges;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.couchtck.reference.time.Scheduler;

/**
 * The writer half (CouchDB's global_changes_server): keys handed over by the listener are gathered in a set and,
 * on a timer that fires every {@code max_write_delay} from the start, written to the store in one go. A batch for a
 * database that does not exist is dropped, as CouchDB drops it.
 */
public final class GlobalChangesWriter {

    private final Scheduler scheduler;
    private final GlobalChangesStore store;
    private final TreeSet<String> pending = new TreeSet<>();
    private boolean updateDb;
    private long maxWriteDelayMillis;
    private long writes;

    /** A writer whose first flush is {@code max_write_delay} from now. */
    public GlobalChangesWriter(Scheduler scheduler, GlobalChangesStore store, GlobalChangesConfig config) {
        this.scheduler = scheduler;
        this.store = store;
        this.updateDb = config.updateDb();
        this.maxWriteDelayMillis = config.maxWriteDelayMillis();
        scheduler.schedule(maxWriteDelayMillis, this::tick);
    }

    /** Takes a batch of {@code "type:dbname"} keys from the listener. */
    public synchronized void updateDocs(Collection<String> keys) {
        if (updateDb) {
            pending.addAll(keys);
        }
    }

    /** {@code update_db}: turning it off forgets what was pending. */
    public synchronized void setUpdateDb(boolean on) {
        if (!on) {
            pending.clear();
        }
        updateDb = on;
    }

    /** {@code max_write_delay}: takes effect when the running timer next re-arms. */
    public synchronized void setMaxWriteDelay(long millis) {
        if (millis <= 0) {
            throw new IllegalArgumentException("max_write_delay must be positive: " + millis);
        }
        maxWriteDelayMillis = millis;
    }

    /** How many keys were handed to the store so far (including batches the store had no database for). */
    public synchronized long writes() {
        return writes;
    }

    private void tick() {
        List<String> batch;
        long next;
        synchronized (this) {
            next = maxWriteDelayMillis;
            batch = updateDb ? new ArrayList<>(pending) : List.of();
            pending.clear();
            writes += batch.size();
        }
        // Re-armed first, as CouchDB does, so a slow store does not shift the rhythm.
        scheduler.schedule(next, this::tick);
        if (!batch.isEmpty()) {
            store.touch(batch);
        }
    }
}
