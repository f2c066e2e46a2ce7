package org.couchtck.reference.endpoint;

import java.io.IOException;
import org.couchtck.reference.config.IniFiles;
import org.couchtck.reference.log.CouchLog;
import org.couchtck.reference.time.Scheduler;

/**
 * Keeps the node's configuration in step with its ini files: they are read again every {@link #POLL_MILLIS} (small
 * files, read whole, so that no edit escapes a coarse modification time), and every key whose value changed is
 * told. A file that cannot be read leaves the values as they were, and is logged once per failure; a value a part
 * of the node cannot take (a number that is none) is logged, and polling goes on.
 */
final class IniReloader implements AutoCloseable {

    static final long POLL_MILLIS = 1_000;

    private final IniFiles files;
    private final NodeConfig config;
    private final Scheduler scheduler;
    private final CouchLog log;
    private Scheduler.Cancellable next;
    private String failure;
    private boolean closed;

    IniReloader(IniFiles files, NodeConfig config, Scheduler scheduler, CouchLog log) {
        this.files = files;
        this.config = config;
        this.scheduler = scheduler;
        this.log = log;
    }

    /** Starts polling (no files, no polling). */
    synchronized void start() {
        if (!closed && !files.paths().isEmpty()) {
            next = scheduler.schedule(POLL_MILLIS, this::poll);
        }
    }

    /** Reads the files now and applies what changed. */
    synchronized void reloadNow() {
        if (closed) {
            return;
        }
        try {
            config.loadFiles(files.read());
            failure = null;
        } catch (IOException e) {
            if (!e.getMessage().equals(failure)) {
                log.error(e.getMessage() + " The configuration stays as it was.");
            }
            failure = e.getMessage();
        } catch (RuntimeException e) {
            log.error("A changed value of the ini files could not be taken: " + e);
        }
    }

    private synchronized void poll() {
        reloadNow();
        if (!closed) {
            next = scheduler.schedule(POLL_MILLIS, this::poll);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (next != null) {
            next.cancel();
        }
    }
}
