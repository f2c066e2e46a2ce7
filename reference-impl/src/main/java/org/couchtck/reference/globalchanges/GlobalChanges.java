package org.couchtck.reference.globalchanges;

import org.couchtck.reference.time.Scheduler;

/** The global_changes application: a listener feeding a writer that writes into the store. */
public final class GlobalChanges {

    private final GlobalChangesListener listener;
    private final GlobalChangesWriter writer;

    /** Starts both halves on {@code scheduler}. */
    public GlobalChanges(Scheduler scheduler, GlobalChangesStore store, GlobalChangesConfig config) {
        this.writer = new GlobalChangesWriter(scheduler, store, config);
        this.listener = new GlobalChangesListener(scheduler, writer::updateDocs, config);
    }

    /** Something happened to database {@code dbName}. */
    public void onEvent(String dbName, DbEvent event) {
        listener.onEvent(dbName, event);
    }

    /** {@code update_db} for both halves. */
    public void setUpdateDb(boolean on) {
        listener.setUpdateDb(on);
        writer.setUpdateDb(on);
    }

    /** The listener half. */
    public GlobalChangesListener listener() {
        return listener;
    }

    /** The writer half. */
    public GlobalChangesWriter writer() {
        return writer;
    }
}
