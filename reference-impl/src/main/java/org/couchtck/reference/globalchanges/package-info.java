/**
 * The reference of CouchDB's global_changes application, the batcher behind {@code /_db_updates}: a {@link
 * org.couchtck.reference.globalchanges.GlobalChangesListener} collects database events as {@code "type:dbname"} keys
 * and hands each batch on {@code max_event_delay} after its first event; a {@link
 * org.couchtck.reference.globalchanges.GlobalChangesWriter} gathers those keys and, every {@code max_write_delay},
 * touches one document per key in the {@code _global_changes} database, whose changes feed is {@code /_db_updates}.
 * Both run on an injected {@link org.couchtck.reference.time.Scheduler}.
 */
package org.couchtck.reference.globalchanges;
