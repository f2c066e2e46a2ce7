package org.couchtck.kit.daemons;

import java.time.Duration;
import java.util.Objects;

/**
 * The time bounds of the daemon suite, and of the {@code _external} suite's end of input. Every one is a parameter of
 * the run, so that the kit's own tests set them small and never wait out a long bound.
 *
 * @param firstLineWithin how long a new daemon may take to write its first line; a daemon silent that long is watched
 *     no longer (a JVM or an interpreter starting on a loaded machine takes seconds)
 * @param observe how long the kit watches a daemon after its first line, answering it, before it closes the daemon's
 *     standard input
 * @param exitWithin how long a daemon or handler may take to exit once its standard input is closed; one still
 *     running then is killed with its process tree, and never counts as having exited
 * @param portWithin how long a daemon that was given a port may take to answer HTTP on it
 * @param maxLineBytes the longest daemon line the kit reads; CouchDB reads any length, holding it all in memory
 */
public record DaemonSettings(Duration firstLineWithin, Duration observe, Duration exitWithin, Duration portWithin,
        int maxLineBytes) {

    /** Far above any request a daemon has reason to write, far below what would strain the kit. */
    public static final int DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

    public DaemonSettings {
        positive(firstLineWithin, "firstLineWithin");
        positive(observe, "observe");
        positive(exitWithin, "exitWithin");
        positive(portWithin, "portWithin");
        if (maxLineBytes <= 0) {
            throw new IllegalArgumentException("maxLineBytes must be positive, was " + maxLineBytes);
        }
    }

    /** 10 s for a first line, 1 s of watching after it, 3 s to exit, 10 s to serve HTTP, 16 MiB lines. */
    public static DaemonSettings defaults() {
        return new DaemonSettings(Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofSeconds(3),
                Duration.ofSeconds(10), DEFAULT_MAX_LINE_BYTES);
    }

    /** These settings with another exit bound. */
    public DaemonSettings withExitWithin(Duration bound) {
        return new DaemonSettings(firstLineWithin, observe, bound, portWithin, maxLineBytes);
    }

    /**
     * These settings with every bound on the daemon's pace (its first line, its exit, its port) {@code factor} times
     * as long; how long a session is observed stays.
     */
    public DaemonSettings scaled(int factor) {
        return new DaemonSettings(firstLineWithin.multipliedBy(factor), observe, exitWithin.multipliedBy(factor),
                portWithin.multipliedBy(factor), maxLineBytes);
    }

    private static void positive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }
}
