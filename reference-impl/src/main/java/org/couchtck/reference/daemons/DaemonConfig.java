package org.couchtck.reference.daemons;

import java.util.Optional;
import java.util.SortedMap;

/**
 * The node's configuration as the daemon host reads it, live: {@code [os_daemons]}, {@code [os_daemon_settings]}
 * and whatever a daemon asks for with {@code get}. The host is told of changes separately ({@link
 * DaemonHost#configChanged(String, String)}).
 */
public interface DaemonConfig {

    /** The keys and values of {@code section} now, in key order; empty if it has none. */
    SortedMap<String, String> section(String section);

    /** The value of {@code key} in {@code section} now. */
    Optional<String> get(String section, String key);
}
