package org.couchtck.reference.log;

import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * couch_log's stderr writer: one line per message, {@code [level] time node -------- message}. CouchDB also prints
 * the logging Erlang process's id before the dashes, which has no equivalent here. It prints whatever it is given:
 * {@link ThresholdLog} decides what is.
 */
public final class StderrLog implements CouchLog {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

    private final PrintStream out;
    private final String node;

    /** Prints to {@code out} as node {@code node}. */
    public StderrLog(PrintStream out, String node) {
        this.out = out;
        this.node = node;
    }

    @Override
    public void log(LogLevel level, String message) {
        String line = "[" + level.couchName() + "] " + TIME.format(Instant.now()) + " " + node + " -------- " + message;
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
