package org.couchtck.kit.wire;

/** Which way a transcript line went, or where it came from. */
public enum Direction {
    /** A line the kit wrote to the server's standard input. */
    SENT,
    /** A line the server wrote to its standard output. */
    RECEIVED,
    /** A line the server wrote to its standard error. */
    STDERR,
    /** Something the kit observed: a timeout, end of output, an exit, a restart. */
    EVENT
}
