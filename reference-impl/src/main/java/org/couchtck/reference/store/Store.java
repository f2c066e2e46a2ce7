package org.couchtck.reference.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;
import org.couchtck.reference.time.Scheduler;

/**
 * Every database of the endpoint, by name. Creation and deletion are atomic per name.
 *
 * <p>In a simulated cluster ({@link ClusterLayout}) each database has {@code n - 1} copies besides itself. Every
 * commit reaches the copies that are not lagging before the write returns, and the lagging ones when the scheduler
 * runs it, the lag later; {@link #readCopy} serves the reads fabric serves from one copy.
 */
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
    private final ClusterLayout layout;
    private final Scheduler scheduler;
    /** Per database name: its copies, the ones that do not lag first. */
    private final Map<String, List<Database>> copies = new ConcurrentHashMap<>();
    /** Per database name: which of its copies serves the next read. */
    private final Map<String, AtomicInteger> turns = new ConcurrentHashMap<>();

    /** @param wallClockMicros the clock for {@code instance_start_time} */
    public Store(LongSupplier wallClockMicros) {
        this(wallClockMicros, ClusterLayout.SINGLE_NODE, null);
    }

    /**
     * A store that simulates {@code layout}, its lagging copies catching up by {@code scheduler} (needed only when
     * copies lag).
     */
    public Store(LongSupplier wallClockMicros, ClusterLayout layout, Scheduler scheduler) {
        if (layout.lagging() > 0 && scheduler == null) {
            throw new IllegalArgumentException("lagging copies need a scheduler");
        }
        this.wallClockMicros = wallClockMicros;
        this.layout = layout;
        this.scheduler = scheduler;
    }

    /** The cluster this store simulates; {@link ClusterLayout#SINGLE_NODE} for a single node. */
    public ClusterLayout layout() {
        return layout;
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
        String uuid = UUID.randomUUID().toString().replace("-", "");
        Database db = layout.isCluster() ? Database.copied(name, uuid, wallClockMicros.getAsLong(), q, this::updated)
                : new Database(name, uuid, wallClockMicros.getAsLong(), q, this::updated);
        if (databases.putIfAbsent(name, db) != null) {
            return Optional.empty();
        }
        if (layout.isCluster()) {
            List<Database> its = new ArrayList<>();
            for (int i = 1; i < layout.n(); i++) {
                its.add(db.copyOf(i));
            }
            copies.put(name, List.copyOf(its));
            // the first read of a database meets its last copy, a lagging one where any lags: fabric takes the first
            // copy to respond, and a simulation that starts with the freshest would hide what a client must expect
            turns.put(name, new AtomicInteger(its.size()));
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
        List<Database> its = copies.remove(name);
        if (its != null) {
            its.forEach(Database::markDeleted);
        }
        turns.remove(name);
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

    /**
     * The copy of {@code db} that serves the next read fabric answers from one copy (a view, {@code _all_docs}, a
     * {@code _changes} feed, the database info): each copy in turn, so that some reads meet a lagging one.
     * {@code db} itself on a single node.
     */
    public Database readCopy(Database db) {
        List<Database> its = copies.get(db.name());
        AtomicInteger turn = turns.get(db.name());
        if (its == null || turn == null || databases.get(db.name()) != db) {
            return db;
        }
        if (layout.staleReads() && layout.lagging() > 0) {
            return its.get(its.size() - 1);
        }
        int next = Math.floorMod(turn.getAndIncrement(), its.size() + 1);
        return next == 0 ? db : its.get(next - 1);
    }

    /**
     * Brings every copy of {@code db} up to it at once, as a read of every copy does (fabric_doc_open's read repair
     * of the copies that lack what the others have).
     */
    public void repair(Database db) {
        List<Database> its = copies.get(db.name());
        if (its != null && databases.get(db.name()) == db) {
            long seq = db.updateSeq();
            its.forEach(copy -> catchUp(db, copy, seq));
        }
    }

    private void updated(Database db) {
        if (databases.get(db.name()) != db) {
            return;
        }
        List<Database> its = copies.get(db.name());
        if (its != null) {
            long seq = db.updateSeq();
            int prompt = its.size() - layout.lagging();
            for (int i = 0; i < its.size(); i++) {
                Database copy = its.get(i);
                if (i < prompt) {
                    catchUp(db, copy, seq);
                } else if (layout.lagMillis() != Long.MAX_VALUE) {
                    scheduler.schedule(layout.lagMillis(), () -> catchUp(db, copy, seq));
                }
            }
        }
        listeners.forEach(l -> l.updated(db.name()));
    }

    /** Replays on {@code copy} what {@code db} committed up to {@code seq} and the copy has not. */
    private static void catchUp(Database db, Database copy, long seq) {
        if (!copy.isDeleted()) {
            copy.replay(db.commitsAfter(copy.updateSeq(), seq));
        }
    }
}
