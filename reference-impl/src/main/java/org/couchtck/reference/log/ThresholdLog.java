package org.couchtck.reference.log;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Passes on the messages at or above a threshold read afresh for each message, as couch_log reads {@code [log]
 * level} live.
 */
public final class ThresholdLog implements CouchLog {

    private final CouchLog sink;
    private final Supplier<Optional<String>> configured;

    /**
     * @param sink where the messages that pass go
     * @param configured the {@code [log] level} value now, if set
     */
    public ThresholdLog(CouchLog sink, Supplier<Optional<String>> configured) {
        this.sink = sink;
        this.configured = configured;
    }

    @Override
    public void log(LogLevel level, String message) {
        Optional<LogLevel> least = threshold(configured.get());
        if (least.isPresent() && level.compareTo(least.get()) >= 0) {
            sink.log(level, message);
        }
    }

    /**
     * The least severe level a {@code [log] level} value lets through, as couch_log_config reads it: {@code none}
     * or {@code 9} lets nothing through (empty), a level's name that level and above, anything else or nothing
     * the default, {@code info}.
     */
    public static Optional<LogLevel> threshold(Optional<String> configured) {
        if (configured.isPresent() && (configured.get().equals("none") || configured.get().equals("9"))) {
            return Optional.empty();
        }
        return Optional.of(configured.flatMap(LogLevel::named).orElse(LogLevel.INFO));
    }
}
