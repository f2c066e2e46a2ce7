package org.couchtck.reference.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * One database: its documents and its update sequence.
 *
 * <p>Every write takes the one lock, bumps the sequence and moves the document to its new place in the by-sequence
 * index, so a reader holding the lock sees a prefix of the history and a reader waiting on {@link #awaitAfter} wakes
 * for every commit. That is what makes the changes feeds exact.
 */
public final class Database {

    private static final String DESIGN_PREFIX = "_design/";

    private final String name;
    private final String uuid;
    private final long instanceStartMicros;
    private final int shards;
    private final Consumer<Database> onUpdate;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<String, RevisionTree> trees = new HashMap<>();
    private final Map<String, DocumentState> current = new HashMap<>();
    /** The ids of {@code current} that are design documents: read on every write (validation) and by ken. */
    private final TreeSet<String> designIds = new TreeSet<>();
    private final TreeMap<Long, String> bySeq = new TreeMap<>();
    private final Map<String, LocalDocument> locals = new HashMap<>();
    private long updateSeq;
    private boolean deleted;
    private volatile JsonNode security = defaultSecurity();

    Database(String name, String uuid, long instanceStartMicros, int shards, Consumer<Database> onUpdate) {
        this.name = name;
        this.uuid = uuid;
        this.instanceStartMicros = instanceStartMicros;
        this.shards = shards;
        this.onUpdate = onUpdate;
    }

    public String name() {
        return name;
    }

    /** A random id of this incarnation of the database (a recreated database gets a new one). */
    public String uuid() {
        return uuid;
    }

    public long instanceStartMicros() {
        return instanceStartMicros;
    }

    /** The {@code q} it was created with. One in-memory index serves all: the feed keeps write order, not shards'. */
    public int shards() {
        return shards;
    }

    /** The {@code _security} object: CouchDB 3's default lets only admins in. */
    public JsonNode security() {
        return security;
    }

    public void setSecurity(JsonNode security) {
        this.security = security.deepCopy();
    }

    private static JsonNode defaultSecurity() {
        var factory = JsonNodeFactory.instance;
        ObjectNode sec = factory.objectNode();
        sec.putObject("members").putArray("roles").add("_admin");
        sec.putObject("admins").putArray("roles").add("_admin");
        return sec;
    }

    /**
     * Writes documents with CouchDB's new_edits=true rules (each names the revision it updates).
     *
     * @throws MissingStubException when a write names an attachment stub its parent lacks; then nothing is written
     */
    public List<WriteResult> write(List<DocumentWrite> writes) {
        return commitBatch(() -> {
            // CouchDB's updater takes a batch in document id order, so that is the order of their sequences
            int[] order = inIdOrder(writes);
            for (int i : order) {
                checkStubs(writes.get(i));
            }
            WriteResult[] byRequest = new WriteResult[writes.size()];
            boolean any = false;
            for (int i : order) {
                byRequest[i] = writeOne(writes.get(i));
                any |= byRequest[i] instanceof WriteResult.Written;
            }
            return new Batch(java.util.Arrays.asList(byRequest), any);
        });
    }

    /** What a batch wrote: the results in request order, and whether anything was committed. */
    private record Batch(List<WriteResult> results, boolean committed) {}

    /**
     * Runs {@code batch} under the lock; when it committed anything, wakes the waiting feeds and then (outside the
     * lock) tells the store.
     */
    private List<WriteResult> commitBatch(java.util.function.Supplier<Batch> batch) {
        Batch done;
        lock.lock();
        try {
            done = batch.get();
            if (done.committed()) {
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
        if (done.committed()) {
            onUpdate.accept(this);
        }
        return done.results();
    }

    /** Writes documents as replication does (new_edits=false): each revision is stored as given, making conflicts. */
    public List<WriteResult> replicate(List<DocumentWrite> writes) {
        return commitBatch(() -> {
            boolean any = false;
            for (int index : inIdOrder(writes)) {
                DocumentWrite w = writes.get(index);
                RevisionTree tree = trees.computeIfAbsent(w.id(), k -> new RevisionTree());
                List<Revision> history = w.history().isEmpty() ? List.of(w.rev()) : w.history();
                boolean added = false;
                List<Attachment> attachments = replicatedAttachments(w, tree, history);
                for (int i = history.size() - 1; i >= 0; i--) {
                    Revision parent = i + 1 < history.size() ? history.get(i + 1) : null;
                    ObjectNode body = i == 0 ? w.body() : null;
                    added |= tree.add(new RevisionNode(history.get(i), parent, body, i == 0 && w.deleted(),
                            i == 0 ? attachments : List.of()));
                }
                if (added && !tree.leaves().isEmpty()) {
                    commit(w.id(), tree);
                    any = true;
                }
            }
            List<WriteResult> results = new ArrayList<>(writes.size());
            writes.forEach(w -> results.add(new WriteResult.Written(w.id(), w.rev())));
            return new Batch(results, any);
        });
    }

    /**
     * The attachments of a replicated revision, simplified: data at the position the revision is at (CouchDB keeps
     * the JSON's revpos, 0 by default), stubs from its parent in {@code history} when this database has that one (a
     * stub it cannot resolve is left out, where CouchDB looks further and may fail the request).
     */
    private static List<Attachment> replicatedAttachments(DocumentWrite w, RevisionTree tree, List<Revision> history) {
        List<Attachment> parent = history.size() < 2 ? List.of()
                : tree.node(history.get(1)).map(RevisionNode::attachments).orElse(List.of());
        List<AttachmentWrite> known = w.attachments().stream()
                .filter(a -> a instanceof AttachmentWrite.Data || parent.stream().anyMatch(p -> p.name().equals(a.name())))
                .map(a -> a instanceof AttachmentWrite.Stub s ? new AttachmentWrite.Stub(s.name(), null) : a)
                .toList();
        return AttachmentMerge.merge(w.id(), w.rev().pos(), known, parent);
    }

    /** Indexes of {@code writes} by document id (stable for equal ids), as CouchDB's updater orders a batch. */
    private static int[] inIdOrder(List<DocumentWrite> writes) {
        return java.util.stream.IntStream.range(0, writes.size()).boxed()
                .sorted(java.util.Comparator.comparing(i -> writes.get(i).id()))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * Fails as CouchDB's prep_and_validate_updates does, before the batch is written, when a stub cannot be merged:
     * a document that does not exist has no attachments to keep, and a write on a leaf keeps only the leaf's. A
     * write that will be a conflict is not checked (CouchDB answers it with the conflict).
     */
    private void checkStubs(DocumentWrite w) {
        if (!w.hasStubs()) {
            return;
        }
        RevisionTree tree = trees.get(w.id());
        List<Attachment> parent = List.of();
        if (tree != null && !tree.isEmpty()) {
            if (w.rev() == null ? !tree.winner().deleted() : !tree.isLeaf(w.rev())) {
                return; // a conflict
            }
            // a recreation on top of a deleted winner keeps nothing (CouchDB crashes on such stubs)
            parent = w.rev() == null ? List.of() : tree.node(w.rev()).map(RevisionNode::attachments).orElse(List.of());
        }
        AttachmentMerge.checkStubs(w.id(), w.attachments(), parent);
    }

    private WriteResult writeOne(DocumentWrite w) {
        RevisionTree tree = trees.get(w.id());
        Revision parent;
        if (w.rev() == null) {
            if (tree != null && !tree.isEmpty() && !tree.winner().deleted()) {
                return WriteResult.Refused.conflict(w.id());
            }
            // a new document, or a new life of a deleted one on top of its deleted winner
            parent = tree == null || tree.isEmpty() ? null : tree.winner().rev();
        } else {
            if (tree == null || !tree.isLeaf(w.rev())) {
                return WriteResult.Refused.conflict(w.id());
            }
            parent = w.rev();
        }
        long oldStart = parent == null ? 0 : parent.pos();
        byte[] oldHash = parent == null ? null : parent.hashBytes();
        List<Attachment> parentAttachments = parent == null || w.rev() == null ? List.of()
                : tree.node(parent).map(RevisionNode::attachments).orElse(List.of());
        List<Attachment> attachments = AttachmentMerge.merge(w.id(), oldStart + 1, w.attachments(), parentAttachments);
        Revision rev = new Revision(oldStart + 1, RevisionIds.next(w.deleted(), oldStart, oldHash, w.body(),
                attachments.stream().map(Attachment::forRevisionId).toList()));
        if (tree == null) {
            tree = new RevisionTree();
            trees.put(w.id(), tree);
        }
        if (!tree.add(new RevisionNode(rev, parent, w.body(), w.deleted(), attachments))) {
            return WriteResult.Refused.conflict(w.id());
        }
        commit(w.id(), tree);
        return new WriteResult.Written(w.id(), rev);
    }

    private void commit(String id, RevisionTree tree) {
        DocumentState before = current.get(id);
        if (before != null) {
            bySeq.remove(before.seq());
        }
        updateSeq++;
        bySeq.put(updateSeq, id);
        current.put(id, tree.snapshot(id, updateSeq));
        if (id.startsWith(DESIGN_PREFIX)) {
            designIds.add(id);
        }
    }

    /** A {@code _local} document: never replicated, never in the changes feed, revisions {@code 0-N}. */
    public record LocalDocument(String id, long rev, ObjectNode body) {}

    /**
     * Writes a {@code _local} document as CouchDB does: a revision given must name the current one ({@code 0-N}), the
     * new one is {@code 0-(N+1)}; a deletion removes it and answers {@code 0-0}.
     *
     * @return the new revision, or empty on a conflict (or the deletion of a missing document)
     */
    public Optional<String> writeLocal(String id, String rev, boolean delete, ObjectNode body) {
        lock.lock();
        try {
            LocalDocument current = locals.get(id);
            boolean matches = current == null ? rev == null || rev.equals("0-0") : ("0-" + current.rev()).equals(rev);
            if (!matches || (delete && current == null)) {
                return Optional.empty();
            }
            if (delete) {
                locals.remove(id);
                return Optional.of("0-0");
            }
            long next = current == null ? 1 : current.rev() + 1;
            locals.put(id, new LocalDocument(id, next, body));
            return Optional.of("0-" + next);
        } finally {
            lock.unlock();
        }
    }

    /** Every {@code _local} document, in no order. */
    public List<LocalDocument> localDocuments() {
        lock.lock();
        try {
            return List.copyOf(locals.values());
        } finally {
            lock.unlock();
        }
    }

    public Optional<LocalDocument> getLocal(String id) {
        lock.lock();
        try {
            return Optional.ofNullable(locals.get(id));
        } finally {
            lock.unlock();
        }
    }

    /** The document as it stands, deleted or not; empty when it was never written. */
    public Optional<DocumentState> get(String id) {
        lock.lock();
        try {
            return Optional.ofNullable(current.get(id));
        } finally {
            lock.unlock();
        }
    }

    /**
     * The documents changed after {@code since}, each once at its latest sequence, in sequence order (or reverse
     * order when {@code descending}, then from the newest down to but excluding {@code since}), at most
     * {@code limit} of them.
     */
    public ChangesSnapshot changes(long since, boolean descending, long limit) {
        lock.lock();
        try {
            NavigableMap<Long, String> after = bySeq.tailMap(since, false);
            List<DocumentState> rows = new ArrayList<>();
            for (Entry<Long, String> e : descending ? after.descendingMap().entrySet() : after.entrySet()) {
                if (rows.size() >= limit) {
                    break;
                }
                rows.add(current.get(e.getValue()));
            }
            long pending = Math.max(0, after.size() - rows.size());
            return new ChangesSnapshot(rows, updateSeq, pending);
        } finally {
            lock.unlock();
        }
    }

    /** Every document's state, in no particular order (for {@code _all_docs}, which sorts by its own collation). */
    public List<DocumentState> documents() {
        lock.lock();
        try {
            return new ArrayList<>(current.values());
        } finally {
            lock.unlock();
        }
    }

    /** The design documents' states, deleted ones included, in id order. */
    public List<DocumentState> designDocuments() {
        lock.lock();
        try {
            return designIds.stream().map(current::get).toList();
        } finally {
            lock.unlock();
        }
    }

    public long updateSeq() {
        lock.lock();
        try {
            return updateSeq;
        } finally {
            lock.unlock();
        }
    }

    /** Counts of live and deleted documents (design documents included, local ones are not stored here). */
    public long[] docCounts() {
        lock.lock();
        try {
            long live = current.values().stream().filter(d -> !d.deleted()).count();
            return new long[] {live, current.size() - live};
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until the sequence passes {@code seq}, the database is deleted, or the time is up.
     *
     * @return true when there is something after {@code seq}
     */
    public boolean awaitAfter(long seq, long timeoutMillis) throws InterruptedException {
        long nanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        lock.lock();
        try {
            while (updateSeq <= seq && !deleted && nanos > 0) {
                nanos = changed.awaitNanos(nanos);
            }
            return updateSeq > seq;
        } finally {
            lock.unlock();
        }
    }

    public boolean isDeleted() {
        lock.lock();
        try {
            return deleted;
        } finally {
            lock.unlock();
        }
    }

    void markDeleted() {
        lock.lock();
        try {
            deleted = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
