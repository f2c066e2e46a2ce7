package org.couchtck.reference.log;

import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * couch_log's stderr writer: one line per message, {@code [level] time node -------- message}, for the levels at or
 * above the threshold read afresh for each message (CouchDB reads {@code [log] level} live; {@code none} prints
 * nothing). CouchDB also prints the logging process's id before the dashes, which a JVM has no equivalent of.
 */
public final class StderrLog implements CouchLog {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

    private final PrintStream out;
    private final String node;
    private final Supplier<Optional<LogLevel>> threshold;

    /**
     * @param threshold the least severe level printed; empty prints nothing
     */
    public StderrLog(PrintStream out, String node, Supplier<Optional<LogLevel>> threshold) {
        this.out = out;
        this.node = node;
        this.threshold = threshold;
    }

    @Override
    public void log(LogLevel level, String message) {
        Optional<LogLevel> least = threshold.get();
        if (least.isEmpty() || level.compareTo(least.get()) < 0) {
            return;
        }
        String line = "[" + level.couchName() + "] " + TIME.format(Instant.now()) + " " + node + " -------- " + message;
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    /**
     * The threshold {@code [log] level} sets, as couch_log_config reads it: {@code none} or {@code 9} (empty) prints
     * nothing, a level's name prints that level and above, anything else or nothing is the default, {@code info}.
     */
    public static Optional<LogLevel> threshold(Optional<String> configured) {
        if (configured.isPresent() && (configured.get().equals("none") || configured.get().equals("9"))) {
            return Optional.empty();
        }
        return Optional.of(configured.flatMap(LogLevel::named).orElse(LogLevel.INFO));
    }
}
