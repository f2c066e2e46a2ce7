package org.couchtck.reference.daemons;

import java.util.Locale;

/** Where a configured daemon is in its life, as couch_os_daemons' table records it. */
public enum DaemonStatus {
    /** Its process runs (or was started and has not been seen to exit). */
    RUNNING,
    /** A section or key it registered changed: its process is being stopped, and a fresh one starts when it exits. */
    RESTARTING,
    /** No longer configured: its process is being stopped. */
    STOPPING,
    /** It exited too often too quickly; it stays down until {@code [os_daemons]} changes. */
    HALTED;

    /** The name couch_os_daemons gives the status ({@code running}, {@code halted}...). */
    public String couchName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
