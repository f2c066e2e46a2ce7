package org.couchtck.reference.reducers;

import java.util.Locale;

/**
 * {@code [query_server_config] reduce_limit}: what {@code _sum} does when its output does not shrink fast enough.
 */
public enum ReduceLimit {
    /** The default: the reduction becomes a {@code builtin_reduce_error} object. */
    TRUE,
    /** CouchDB logs the overflow (the reference does not) and keeps the sum. */
    LOG,
    /** No check. */
    FALSE;

    /** The setting as CouchDB reads it: exactly {@code "true"} or {@code "log"}, anything else turns the check off. */
    public static ReduceLimit fromConfig(String value) {
        if (value == null) {
            return TRUE;
        }
        return switch (value) {
            case "true" -> TRUE;
            case "log" -> LOG;
            default -> FALSE;
        };
    }

    /** The config value that selects this setting. */
    public String configValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
