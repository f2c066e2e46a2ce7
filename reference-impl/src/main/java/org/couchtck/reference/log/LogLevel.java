package org.couchtck.reference.log;

import java.util.Locale;
import java.util.Optional;

/** couch_log's levels, least severe first. */
public enum LogLevel {
    DEBUG, INFO, NOTICE, WARNING, ERROR, CRITICAL, ALERT, EMERGENCY;

    private static final String[] SHORT = {null, null, null, "warn", "err", "crit", null, "emerg"};

    /** The name CouchDB prints and configures ({@code info}, {@code error}...). */
    public String couchName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The level a {@code [log] level} value names, as couch_log_util:level_to_atom reads it: a level's name, its
     * short form ({@code warn}, {@code err}, {@code crit}, {@code emerg}) or its number {@code 1}..{@code 8}; empty
     * for anything else (including {@code none} and {@code 9}).
     */
    public static Optional<LogLevel> named(String name) {
        for (LogLevel level : values()) {
            if (level.couchName().equals(name) || name.equals(SHORT[level.ordinal()])
                    || name.equals(Integer.toString(level.ordinal() + 1))) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }
}
