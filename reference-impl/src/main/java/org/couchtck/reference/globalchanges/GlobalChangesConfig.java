package org.couchtck.reference.globalchanges;

/**
 * The {@code [global_changes]} settings.
 *
 * @param updateDb whether events are recorded at all ({@code update_db}, default true)
 * @param maxEventDelayMillis how long the listener gathers events before handing them on ({@code max_event_delay},
 *     default 25)
 * @param maxWriteDelayMillis how often the writer writes what it was handed ({@code max_write_delay}, default 500)
 * @param dbName the database the events go to ({@code _global_changes})
 */
public record GlobalChangesConfig(boolean updateDb, long maxEventDelayMillis, long maxWriteDelayMillis,
        String dbName) {

    /** The name of CouchDB's database of events. */
    public static final String DB_NAME = "_global_changes";

    public GlobalChangesConfig {
        if (maxEventDelayMillis < 0 || maxWriteDelayMillis <= 0) {
            throw new IllegalArgumentException("delays: max_event_delay >= 0 and max_write_delay > 0 ms, got "
                    + maxEventDelayMillis + " and " + maxWriteDelayMillis);
        }
    }

    /** CouchDB's defaults: update_db true, max_event_delay 25 ms, max_write_delay 500 ms. */
    public static GlobalChangesConfig defaults() {
        return new GlobalChangesConfig(true, 25, 500, DB_NAME);
    }
}
