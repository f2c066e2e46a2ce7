package org.couchtck.kit.wire;

/** Which way a transcript line went, or where it came from. */
public enum Direction {
    /** A line the kit wrote to the server's standard input. */
    SENT,
    /** A line the server wrote to its standard output. */
    RECEIVED,
    /** A line the server wrote to its standard error. */
    STDERR,
    /**
     * A line a process the kit started wrote to its standard output where that is its log, not a protocol: a
     * launched endpoint's.
     */
    STDOUT,
    /** Something the kit observed: a timeout, end of output, an exit, a restart. */
    EVENT
}
