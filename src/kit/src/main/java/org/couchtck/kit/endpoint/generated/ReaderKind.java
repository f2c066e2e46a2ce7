package org.couchtck.kit.endpoint.generated;

/** The feed readers that run while a workload's writers write. */
public enum ReaderKind {
    /** {@code _changes?feed=continuous&heartbeat=}: one long response, a line per change. */
    CONTINUOUS("continuous"),
    /** {@code _changes?feed=eventsource&heartbeat=}: one long response, an event per change. */
    EVENTSOURCE("eventsource"),
    /** {@code _changes?feed=longpoll}, again and again from the last_seq of the previous reply. */
    LONGPOLL("longpoll"),
    /** {@code _changes} (feed=normal), polled again and again from the last_seq of the previous reply. */
    NORMAL("normal"),
    /** {@code /_db_updates?feed=continuous&heartbeat=}: the server's database events. */
    DB_UPDATES("db_updates");

    private final String id;

    ReaderKind(String id) {
        this.id = id;
    }

    /** The name reports use. */
    public String id() {
        return id;
    }

    /** Whether the reader reads one long response (and reconnects only when the server ends it). */
    public boolean streaming() {
        return this == CONTINUOUS || this == EVENTSOURCE || this == DB_UPDATES;
    }
}
