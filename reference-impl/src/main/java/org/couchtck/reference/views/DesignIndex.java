package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.couchtck.reference.erlang.ErlangEquality;
import org.couchtck.reference.store.ChangesSnapshot;
import org.couchtck.reference.store.DocumentState;

/**
 * The view index of one design document in one database: a sorted map of rows per view, built incrementally from the
 * database's changes (a changed document's old rows go, its new ones come), plus which rows each document emitted.
 *
 * <p>One build runs at a time. It maps documents in batches outside the read/write lock and applies each batch under
 * it, so queries that do not wait for the build ({@code update=false}) are answered from the rows committed so far.
 */
public final class DesignIndex {

    /** Documents mapped per batch: a query that does not wait sees the index move in steps of this size. */
    private static final int BATCH = 200;

    private final String database;
    private final DesignDefinition design;
    private final List<TreeMap<IndexKey, JsonNode>> views = new ArrayList<>();
    private final List<Comparator<JsonNode>> keyOrders = new ArrayList<>();
    /** Per document id, per view, the rows it emitted. */
    private final Map<String, List<List<IndexKey>>> emitted = new HashMap<>();
    private final ReentrantReadWriteLock rows = new ReentrantReadWriteLock();
    private final ReentrantLock building = new ReentrantLock();
    private final LongSupplier clockMillis;
    private volatile long indexedSeq;
    private volatile long lastBuiltMillis = Long.MIN_VALUE;
    /** How many batches changed the rows (guarded by {@link #rows}). */
    private long rowsVersion;
    /**
     * Per view, the {@link #rowsVersion} whose leaves were last reduced as an index build reduces them: the rows only
     * need that again after they changed, not on every query.
     */
    private final Map<Integer, Long> leavesBuiltAt = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile IndexerTask task;

    /**
     * @param collations the key order of each view (CouchDB's, or raw)
     * @param clockMillis wall-clock milliseconds, for the indexer task's times
     */
    public DesignIndex(String database, DesignDefinition design, Function<ViewDefinition, Comparator<JsonNode>> collations,
            LongSupplier clockMillis) {
        this.database = database;
        this.design = design;
        this.clockMillis = clockMillis;
        for (ViewDefinition view : design.views()) {
            Comparator<JsonNode> keyOrder = collations.apply(view);
            keyOrders.add(keyOrder);
            views.add(new TreeMap<>(IndexKey.order(keyOrder)));
        }
    }

    public DesignDefinition design() {
        return design;
    }

    /** The database sequence the index reflects. */
    public long indexedSeq() {
        return indexedSeq;
    }

    /** The build under way, if one is. */
    public Optional<IndexerTask> task() {
        return Optional.ofNullable(task);
    }

    /**
     * Whether rows were added within {@code commitDelayMillis}: CouchDB's index commits its header that long after an
     * update, and {@code _info} says {@code waiting_commit} meanwhile.
     */
    public boolean waitingCommit(long commitDelayMillis) {
        return lastBuiltMillis != Long.MIN_VALUE && clockMillis.getAsLong() - lastBuiltMillis < commitDelayMillis;
    }

    /** Whether a build is under way. */
    public boolean building() {
        return building.isLocked();
    }

    /**
     * Brings the index up to the database's sequence at the time of the call; waits for a build already under way
     * first.
     */
    public void update(IndexSource source, ViewFunctions functions) {
        building.lock();
        try {
            ChangesSnapshot changes = source.changesSince(indexedSeq);
            List<DocumentState> docs = changes.rows();
            if (!docs.isEmpty()) {
                build(source, functions, docs);
            }
            indexedSeq = Math.max(indexedSeq, changes.updateSeq());
        } finally {
            task = null;
            building.unlock();
        }
    }

    private void build(IndexSource source, ViewFunctions functions, List<DocumentState> docs) {
        long started = clockMillis.getAsLong() / 1000;
        task = new IndexerTask(database, design.ddocId(), 0, docs.size(), started, started);
        ViewFunctions.MapSession session = null;
        try {
            for (int from = 0; from < docs.size(); from += BATCH) {
                List<DocumentState> batch = docs.subList(from, Math.min(docs.size(), from + BATCH));
                Map<String, List<List<JsonNode[]>>> mapped = new HashMap<>();
                for (DocumentState doc : batch) {
                    if (doc.deleted() || !mapsDocument(doc.id()) || design.views().isEmpty()) {
                        continue;
                    }
                    if (session == null) {
                        session = functions.openMap(design);
                    }
                    ObjectNode input = source.mapInput(doc);
                    if (design.localSeq()) {
                        input.put("_local_seq", doc.seq());
                    }
                    mapped.put(doc.id(), session.map(input));
                }
                apply(batch, mapped);
                int done = from + batch.size();
                task = new IndexerTask(database, design.ddocId(), done, docs.size(), started,
                        clockMillis.getAsLong() / 1000);
            }
        } finally {
            if (session != null) {
                session.close();
            }
        }
    }

    private boolean mapsDocument(String id) {
        return !id.startsWith("_design/") || design.includeDesign();
    }

    private void apply(List<DocumentState> batch, Map<String, List<List<JsonNode[]>>> mapped) {
        rows.writeLock().lock();
        try {
            for (DocumentState doc : batch) {
                List<List<IndexKey>> old = emitted.remove(doc.id());
                if (old != null) {
                    for (int v = 0; v < views.size(); v++) {
                        old.get(v).forEach(views.get(v)::remove);
                    }
                }
                List<List<JsonNode[]>> emits = mapped.get(doc.id());
                if (emits != null) {
                    emitted.put(doc.id(), insert(doc.id(), emits));
                }
            }
            indexedSeq = batch.get(batch.size() - 1).seq();
            lastBuiltMillis = clockMillis.getAsLong();
            rowsVersion++;
        } finally {
            rows.writeLock().unlock();
        }
    }

    private List<List<IndexKey>> insert(String id, List<List<JsonNode[]>> emits) {
        List<List<IndexKey>> keys = new ArrayList<>(views.size());
        for (int v = 0; v < views.size(); v++) {
            List<JsonNode[]> pairs = v < emits.size() ? emits.get(v) : List.of();
            List<IndexKey> viewKeys = new ArrayList<>(pairs.size());
            TreeMap<IndexKey, JsonNode> view = views.get(v);
            for (int i = 0; i < pairs.size(); i++) {
                IndexKey at = new IndexKey(pairs.get(i)[0], id, i);
                view.put(at, pairs.get(i)[1]);
                viewKeys.add(at);
            }
            keys.add(viewKeys);
        }
        return keys;
    }

    /** The map rows of view number {@code view} that {@code query} selects (its reduce settings ignored). */
    public MapResult map(int view, ViewQuery query) {
        return map(view, query, 1);
    }

    /**
     * The rows of view number {@code view} that {@code query} selects, in a database of {@code shards} shards: a
     * {@code keys} query goes through the shards as fabric's does ({@link ShardedKeys}); every other query reads the
     * same on any number of shards.
     */
    public MapResult map(int view, ViewQuery query, int shards) {
        rows.readLock().lock();
        try {
            TreeMap<IndexKey, JsonNode> index = views.get(view);
            if (query.keys().isPresent()) {
                return ShardedKeys.map(index, query, shards);
            }
            Selection selection = select(index, keyOrders.get(view), query);
            long total = index.size();
            return new MapResult(total, Math.min(total, selection.offset + query.skip()),
                    RowPage.of(selection.rows, query).rows());
        } finally {
            rows.readLock().unlock();
        }
    }

    /**
     * The groups of view number {@code view} that {@code query} selects, each reduced with {@code reducer} as
     * CouchDB's B-tree does: the view's leaves are reduced in key order first (as when the index was built; a crash
     * there fails the query), then each group's rows are collected, last first, and reduced at once — in leaves, then
     * rereduced, when the group is larger than a leaf — and the result rereduced.
     */
    public List<ReducedRow> reduce(int view, ViewQuery query, ViewReducer reducer) {
        List<List<ViewRow>> groups = new ArrayList<>();
        List<JsonNode> groupKeys = new ArrayList<>();
        List<ViewRow> all = new ArrayList<>();
        long version;
        boolean buildLeaves;
        rows.readLock().lock();
        try {
            version = rowsVersion;
            buildLeaves = !Long.valueOf(version).equals(leavesBuiltAt.get(view));
            if (buildLeaves) {
                for (Map.Entry<IndexKey, JsonNode> entry : views.get(view).entrySet()) {
                    all.add(new ViewRow(entry.getKey().key(), entry.getKey().id(), entry.getValue()));
                }
            }
            Selection selection = select(views.get(view), keyOrders.get(view), query);
            List<ViewRow> current = null;
            JsonNode currentKey = null;
            for (Map.Entry<IndexKey, JsonNode> entry : selection.rows) {
                JsonNode groupKey = GroupKeys.groupKey(entry.getKey().key(), query.groupLevel());
                boolean keyBoundary = selection.keyStarts.contains(entry.getKey());
                if (current == null || keyBoundary || !ErlangEquality.equal(currentKey, groupKey)) {
                    current = new ArrayList<>();
                    currentKey = groupKey;
                    groups.add(current);
                    groupKeys.add(groupKey);
                }
                current.add(new ViewRow(entry.getKey().key(), entry.getKey().id(), entry.getValue()));
            }
        } finally {
            rows.readLock().unlock();
        }
        if (buildLeaves) {
            reducer.buildLeaves(leaves(all));
            leavesBuiltAt.put(view, version);
        }
        List<ReducedRow> out = new ArrayList<>();
        for (int g = (int) Math.min(query.skip(), groups.size()); g < groups.size() && out.size() < query.limit(); g++) {
            try {
                out.add(ReducedRow.of(groupKeys.get(g), reduceGroup(groups.get(g), reducer)));
            } catch (ViewFunctions.ReduceFailure failure) {
                out.add(ReducedRow.failed(groupKeys.get(g), failure));
            }
        }
        return out;
    }

    /** Rows a B-tree leaf holds here: a fixed count, so reductions never depend on value sizes. */
    static final int LEAF_ROWS = 1000;

    private static List<List<ViewRow>> leaves(List<ViewRow> rows) {
        List<List<ViewRow>> leaves = new ArrayList<>();
        for (int i = 0; i < rows.size(); i += LEAF_ROWS) {
            leaves.add(rows.subList(i, Math.min(rows.size(), i + LEAF_ROWS)));
        }
        return leaves;
    }

    private static JsonNode reduceGroup(List<ViewRow> rows, ViewReducer reducer) {
        List<Object> partials = new ArrayList<>();
        if (rows.size() <= LEAF_ROWS) {
            // couch_btree collects a query's rows by prepending, so the reduce function gets them last first
            List<ViewRow> collected = new ArrayList<>(rows);
            Collections.reverse(collected);
            partials.add(reducer.reduce(collected));
        } else {
            for (List<ViewRow> leaf : leaves(rows)) {
                partials.add(reducer.reduce(leaf));
            }
        }
        return reducer.result(reducer.rereduce(partials));
    }

    /** The rows a query's range or keys select, in its direction, and the rows before them. */
    private record Selection(List<Map.Entry<IndexKey, JsonNode>> rows, long offset,
            java.util.Set<IndexKey> keyStarts) {}

    private static Selection select(TreeMap<IndexKey, JsonNode> index, Comparator<JsonNode> keyOrder, ViewQuery q) {
        if (q.keys().isPresent()) {
            return selectKeys(index, q);
        }
        IndexKey start = q.startKey().map(k -> bound(k, q.startDocId(), q.descending())).orElse(null);
        IndexKey end = q.endKey().map(k -> bound(k, q.endDocId(), q.descending() != q.inclusiveEnd())).orElse(null);
        if (start != null && end != null && !q.startKey().get().equals(q.endKey().get())) {
            int c = index.comparator().compare(start, end);
            if (!q.descending() && c > 0) {
                throw new ViewQueryException("No rows can match your key range, reverse your start_key and end_key"
                        + " or set descending=true");
            }
            if (q.descending() && c < 0) {
                throw new ViewQueryException("No rows can match your key range, reverse your start_key and end_key"
                        + " or set descending=false");
            }
        }
        NavigableMap<IndexKey, JsonNode> range = q.descending() ? index.descendingMap() : index;
        long offset = 0;
        if (start != null) {
            offset = (q.descending() ? index.tailMap(start, false) : index.headMap(start, false)).size();
            range = range.tailMap(start, true);
        }
        if (end != null) {
            range = range.headMap(end, true);
        }
        return new Selection(new ArrayList<>(range.entrySet()), offset, java.util.Set.of());
    }

    /**
     * A range bound for {@code key}: at {@code docId} when given, else before or after every row of the key. Bounds
     * never equal a row, so inclusive and exclusive ends differ only in which side of the key's rows they sit.
     */
    private static IndexKey bound(JsonNode key, Optional<String> docId, boolean high) {
        return docId.map(id -> new IndexKey(key, id, high ? Integer.MAX_VALUE : Integer.MIN_VALUE))
                .orElseGet(() -> high ? IndexKey.last(key) : IndexKey.first(key));
    }

    private static Selection selectKeys(TreeMap<IndexKey, JsonNode> index, ViewQuery q) {
        List<Map.Entry<IndexKey, JsonNode>> out = new ArrayList<>();
        java.util.Set<IndexKey> keyStarts = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        long offset = 0;
        boolean first = true;
        List<JsonNode> keys = new ArrayList<>(q.keys().get());
        if (q.descending()) {
            Collections.reverse(keys); // CouchDB walks the keys backwards too (views.keys_get)
        }
        for (JsonNode key : keys) {
            IndexKey low = IndexKey.first(key);
            IndexKey high = IndexKey.last(key);
            NavigableMap<IndexKey, JsonNode> rowsOfKey = index.subMap(low, true, high, true);
            if (q.descending()) {
                rowsOfKey = rowsOfKey.descendingMap();
            }
            if (first) {
                offset = (q.descending() ? index.tailMap(high, false) : index.headMap(low, false)).size();
                first = false;
            }
            boolean startOfKey = true;
            for (Map.Entry<IndexKey, JsonNode> row : rowsOfKey.entrySet()) {
                Map.Entry<IndexKey, JsonNode> copy = Map.entry(row.getKey(), row.getValue());
                if (startOfKey) {
                    keyStarts.add(copy.getKey());
                    startOfKey = false;
                }
                out.add(copy);
            }
        }
        return new Selection(out, offset, keyStarts);
    }
}
