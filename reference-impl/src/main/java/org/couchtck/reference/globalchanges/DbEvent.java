package org.couchtck.reference.globalchanges;

import java.util.Locale;

/** What happened to a database, as CouchDB's couch_event reports it to global_changes. */
public enum DbEvent {
    CREATED,
    UPDATED,
    DELETED,
    /** Any other event (a design document or local document update, a compaction...): not recorded. */
    OTHER;

    /** Whether global_changes records this event in {@code _global_changes}. */
    boolean recorded() {
        return this != OTHER;
    }

    /** The type as {@code /_db_updates} names it: {@code created}, {@code updated}, {@code deleted}. */
    public String type() {
        return name().toLowerCase(Locale.ROOT);
    }
}
