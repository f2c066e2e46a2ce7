package org.couchtck.kit.cases;

/** What a step sends; one per sending field of the fixture format. */
public enum StepKind {
    /** A JSON value, with function sources substituted. */
    SEND,
    /** A line verbatim. */
    RAW,
    /** {@code ["reset", config]} shaped for the CouchDB version. */
    RESET,
    /** {@code ["reduce", funs, kvs(, context)]} shaped for the CouchDB version. */
    REDUCE,
    /** {@code ["rereduce", funs, values(, context)]} shaped for the CouchDB version. */
    REREDUCE,
    /** Closes the server's standard input. */
    CLOSE
}
