package org.couchtck.reference.daemons;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * One running instance of a daemon's command, as the host drives it. Implementations never block the caller except
 * in {@link #awaitExit(Duration)}.
 */
public interface DaemonProcess {

    /** What a daemon process reports to the host, in order: its lines, then its exit, once. */
    interface Listener {

        /**
         * A complete line the daemon wrote (without its newline). A line it had not ended when it exited is never
         * reported, as CouchDB's line-mode port never delivered one.
         *
         * @return the line to write back to the daemon (without its newline), if any
         */
        Optional<String> line(String line);

        /** A line the host cannot read: not UTF-8 text, or longer than the limit. */
        void unreadable(String why);

        /** The process ended with {@code status}; nothing is reported after this. */
        void exited(int status);
    }

    /** The operating-system process id; empty if there is none. */
    OptionalLong pid();

    /**
     * Closes the daemon's standard input, its sign that CouchDB is gone and it must exit. Lines the host would
     * write afterwards are dropped.
     */
    void closeInput();

    /** Waits up to {@code timeout} for the process to exit; whether it did. */
    boolean awaitExit(Duration timeout);

    /**
     * Ends the process and every process it started (those alive now and those seen when its input was closed),
     * asking them first and forcing them after a short while.
     *
     * @return completes when they are gone, or when nothing more can be done
     */
    CompletableFuture<Void> kill();
}
