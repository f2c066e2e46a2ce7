package org.couchtck.reference.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/** Every database of the endpoint, by name. Creation and deletion are atomic per name. */
public final class Store {

    /** Told about every database creation, update (committed write) and deletion, after the fact. */
    public interface Events {
        void created(String dbName);

        void updated(String dbName);

        void deleted(String dbName);
    }

    private static final Pattern LEGAL_NAME = Pattern.compile("^[a-z][a-z0-9_$()+/-]*$");
    private static final Set<String> SYSTEM_DATABASES = Set.of("_users", "_replicator", "_global_changes");
    private static final int MAX_NAME_LENGTH = 238;

    private final ConcurrentSkipListMap<String, Database> databases = new ConcurrentSkipListMap<>();
    private final List<Events> listeners = new CopyOnWriteArrayList<>();
    private final LongSupplier wallClockMicros;

    /** @param wallClockMicros the clock for {@code instance_start_time} */
    public Store(LongSupplier wallClockMicros) {
        this.wallClockMicros = wallClockMicros;
    }

    public void addListener(Events events) {
        listeners.add(events);
    }

    /** Whether CouchDB accepts {@code name} as a database name. */
    public static boolean isLegalName(String name) {
        return SYSTEM_DATABASES.contains(name) || (name.length() <= MAX_NAME_LENGTH && LEGAL_NAME.matcher(name).matches());
    }

    /** Creates a database of one shard; empty when one of that name exists. */
    public Optional<Database> create(String name) {
        return create(name, 1);
    }

    /** Creates the database with {@code q} shards; empty when one of that name exists. */
    public Optional<Database> create(String name, int q) {
        if (!isLegalName(name)) {
            throw new IllegalArgumentException("illegal database name: " + name);
        }
        Database db = new Database(name, UUID.randomUUID().toString().replace("-", ""), wallClockMicros.getAsLong(),
                q, this::updated);
        if (databases.putIfAbsent(name, db) != null) {
            return Optional.empty();
        }
        listeners.forEach(l -> l.created(name));
        return Optional.of(db);
    }

    public Optional<Database> get(String name) {
        return Optional.ofNullable(databases.get(name));
    }

    /** Deletes the database; false when there was none. Feeds waiting on it wake up and end. */
    public boolean delete(String name) {
        Database db = databases.remove(name);
        if (db == null) {
            return false;
        }
        db.markDeleted();
        listeners.forEach(l -> l.deleted(name));
        return true;
    }

    /** The names of all databases, in byte order as {@code _all_dbs} lists them. */
    public List<String> names() {
        return new ArrayList<>(databases.keySet());
    }

    /** Wakes every feed waiting on any database so that it ends: the endpoint is stopping. */
    public void close() {
        databases.values().forEach(Database::markDeleted);
    }

    private void updated(Database db) {
        if (databases.get(db.name()) == db) {
            listeners.forEach(l -> l.updated(db.name()));
        }
    }
}
