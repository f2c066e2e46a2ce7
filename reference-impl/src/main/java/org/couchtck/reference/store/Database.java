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
    /** The database this one is a copy of, in a simulated cluster; null for the database itself. */
    private final Database original;
    /** Every commit, for the copies to replay; null where nothing copies this database. */
    private final List<Commit> log;

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
        this(name, uuid, instanceStartMicros, shards, onUpdate, null, false);
    }

    private Database(String name, String uuid, long instanceStartMicros, int shards, Consumer<Database> onUpdate,
            Database original, boolean logged) {
        this.name = name;
        this.uuid = uuid;
        this.instanceStartMicros = instanceStartMicros;
        this.shards = shards;
        this.onUpdate = onUpdate;
        this.original = original;
        this.log = logged ? new ArrayList<>() : null;
    }

    /** A database whose commits copies can replay ({@link #commitsAfter}). */
    static Database copied(String name, String uuid, long instanceStartMicros, int shards,
            Consumer<Database> onUpdate) {
        return new Database(name, uuid, instanceStartMicros, shards, onUpdate, null, true);
    }

    /**
     * A copy of {@code original}, empty until it replays its commits ({@link #replay}): same name, uuid and update
     * sequence numbers, its own view indexes ({@link #indexKey}); its security and {@code _local} documents are the
     * original's (CouchDB writes those to every copy at once).
     */
    Database copyOf(int number) {
        return new Database(name, uuid + "-copy" + number, instanceStartMicros, shards, db -> { }, this, false);
    }

    /** One commit: the sequence it got, the document, and the revisions the write added to its tree. */
    record Commit(long seq, String id, List<RevisionNode> nodes) {}

    public String name() {
        return name;
    }

    /** A random id of this incarnation of the database (a recreated database gets a new one). */
    public String uuid() {
        return original == null ? uuid : original.uuid();
    }

    /** What tells this database's view indexes from a copy's: each copy of a database has indexes of its own. */
    public String indexKey() {
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
        return original == null ? security : original.security();
    }

    public void setSecurity(JsonNode security) {
        if (original != null) {
            original.setSecurity(security);
            return;
        }
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
                List<RevisionNode> nodes = new ArrayList<>();
                for (int i = history.size() - 1; i >= 0; i--) {
                    Revision parent = i + 1 < history.size() ? history.get(i + 1) : null;
                    ObjectNode body = i == 0 ? w.body() : null;
                    RevisionNode node = new RevisionNode(history.get(i), parent, body, i == 0 && w.deleted(),
                            i == 0 ? attachments : List.of());
                    nodes.add(node);
                    added |= tree.add(node);
                }
                if (added && !tree.leaves().isEmpty()) {
                    commit(w.id(), tree, nodes);
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

    /**
     * Writes one document as a copy that lags takes an edit the up-to-date copies refuse as a conflict: the revision it
     * names is still a leaf there (or, naming none, the copy has no such document yet), so the edit goes on that
     * revision and is a branch of its own once the copies exchange what they have (fabric_doc_update answers such a
     * write 202 Accepted). A revision this database never had is a conflict here too.
     */
    public WriteResult writeOnBranch(DocumentWrite w) {
        return commitBatch(() -> {
            checkStubs(w);
            WriteResult result = writeOne(w, true);
            if (result instanceof WriteResult.Written written) {
                return new Batch(List.of(new WriteResult.Written(written.id(), written.rev(), true)), true);
            }
            return new Batch(List.of(result), false);
        }).get(0);
    }

    private WriteResult writeOne(DocumentWrite w) {
        return writeOne(w, false);
    }

    private WriteResult writeOne(DocumentWrite w, boolean onBranch) {
        RevisionTree tree = trees.get(w.id());
        Revision parent;
        if (w.rev() == null) {
            if (tree != null && !tree.isEmpty() && !tree.winner().deleted()) {
                if (!onBranch) {
                    return WriteResult.Refused.conflict(w.id());
                }
                parent = null; // a copy without the document starts a tree of its own
            } else {
                // a new document, or a new life of a deleted one on top of its deleted winner
                parent = tree == null || tree.isEmpty() ? null : tree.winner().rev();
            }
        } else {
            boolean editable = tree != null && (onBranch ? tree.node(w.rev()).isPresent() : tree.isLeaf(w.rev()));
            if (!editable) {
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
        RevisionNode node = new RevisionNode(rev, parent, w.body(), w.deleted(), attachments);
        if (!tree.add(node)) {
            return WriteResult.Refused.conflict(w.id());
        }
        commit(w.id(), tree, List.of(node));
        return new WriteResult.Written(w.id(), rev);
    }

    private void commit(String id, RevisionTree tree, List<RevisionNode> nodes) {
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
        if (log != null) {
            log.add(new Commit(updateSeq, id, List.copyOf(nodes)));
        }
    }

    /** The commits after {@code seq}, up to {@code upTo}, in sequence order; for the copies of this database. */
    List<Commit> commitsAfter(long seq, long upTo) {
        lock.lock();
        try {
            List<Commit> after = new ArrayList<>();
            // commits are numbered 1, 2, ... in log order: the one after seq is at index seq
            for (int i = (int) Math.max(0, seq); i < log.size() && log.get(i).seq() <= upTo; i++) {
                after.add(log.get(i));
            }
            return after;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Replays {@code commits} of the original, those after what this copy has, in order: each gets the sequence it got
     * there, so sequences mean the same on every copy.
     */
    void replay(List<Commit> commits) {
        commitBatch(() -> {
            boolean any = false;
            for (Commit c : commits) {
                if (c.seq() != updateSeq + 1) {
                    continue;
                }
                RevisionTree tree = trees.computeIfAbsent(c.id(), k -> new RevisionTree());
                c.nodes().forEach(tree::add);
                commit(c.id(), tree, c.nodes());
                any = true;
            }
            return new Batch(List.of(), any);
        });
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
        if (original != null) {
            return original.writeLocal(id, rev, delete, body);
        }
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
        if (original != null) {
            return original.localDocuments();
        }
        lock.lock();
        try {
            return List.copyOf(locals.values());
        } finally {
            lock.unlock();
        }
    }

    public Optional<LocalDocument> getLocal(String id) {
        if (original != null) {
            return original.getLocal(id);
        }
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
