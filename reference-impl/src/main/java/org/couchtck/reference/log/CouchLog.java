package org.couchtck.reference.log;

/** Where the reference's background machinery logs, as CouchDB's code calls couch_log. */
@FunctionalInterface
public interface CouchLog {

    /** Logs {@code message} at {@code level}; must not call back into the caller. */
    void log(LogLevel level, String message);

    default void debug(String message) {
        log(LogLevel.DEBUG, message);
    }

    default void info(String message) {
        log(LogLevel.INFO, message);
    }

    default void error(String message) {
        log(LogLevel.ERROR, message);
    }
}
