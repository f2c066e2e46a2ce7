package org.couchtck.reference.ken;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.couchtck.reference.time.VirtualScheduler;

/**
 * An in-memory host for ken's tests: databases with an update sequence and design documents, view indexes that
 * remember how far they are built, and builds that end when the test says so (or after {@link #buildMillis} of
 * virtual time, when set).
 */
final class FakeIndexHost implements IndexHost {

    /** A build ken started. */
    static final class Build {
        final String db;
        final String ddocId;
        final long target;
        final long startedAt;
        /** The database's sequence when the build started: how far it takes the index. */
        final long seqAtStart;
        final BuildListener listener;
        /** The design document as it was when the build started: a build of an older version leaves the index. */
        final DesignDoc version;
        boolean cancelled;
        boolean ended;

        Build(String db, String ddocId, long target, long startedAt, long seqAtStart, BuildListener listener,
                DesignDoc version) {
            this.version = version;
            this.db = db;
            this.ddocId = ddocId;
            this.target = target;
            this.startedAt = startedAt;
            this.seqAtStart = seqAtStart;
            this.listener = listener;
        }
    }

    private final VirtualScheduler time;
    private final Map<String, Long> seqs = new HashMap<>();
    private final Map<String, Map<String, DesignDoc>> ddocs = new HashMap<>();
    private final Map<String, Long> indexed = new HashMap<>();
    private final Set<String> languages = Set.of("javascript", "query");
    final List<Build> builds = new ArrayList<>();
    /** Each look at a database: "time db". */
    final List<String> looks = new ArrayList<>();
    /** A build ends by itself this long after it starts; negative: only when the test ends it. */
    long buildMillis = -1;
    int running;
    /** Called with each build as it starts. */
    Consumer<Build> onStart = build -> {};
    int maxRunning;

    FakeIndexHost(VirtualScheduler time) {
        this.time = time;
    }

    /** Creates {@code db} (or replaces its design documents) with {@code designDocs}. */
    FakeIndexHost db(String db, DesignDoc... designDocs) {
        seqs.putIfAbsent(db, 0L);
        Map<String, DesignDoc> byId = new LinkedHashMap<>();
        for (DesignDoc ddoc : designDocs) {
            byId.put(ddoc.id(), ddoc);
        }
        ddocs.put(db, byId);
        return this;
    }

    /** A JavaScript design document with one view. */
    static DesignDoc views(String id) {
        return new DesignDoc(id, "javascript", true, true);
    }

    /** {@code n} more updates of {@code db}. */
    void write(String db, long n) {
        seqs.merge(db, n, Long::sum);
    }

    /** A new version of a design document: one more update, and its index starts again from 0. */
    void replaceDdoc(String db, DesignDoc ddoc) {
        ddocs.get(db).put(ddoc.id(), ddoc);
        indexed.remove(db + "/" + ddoc.id());
        write(db, 1);
    }

    void delete(String db) {
        seqs.remove(db);
        ddocs.remove(db);
        indexed.keySet().removeIf(key -> key.startsWith(db + "/"));
    }

    boolean exists(String db) {
        return seqs.containsKey(db);
    }

    Map<String, DesignDoc> ddocsOf(String db) {
        return ddocs.getOrDefault(db, Map.of());
    }

    /** Sets how far the index of {@code ddocId} is built. */
    void indexedTo(String db, String ddocId, long seq) {
        indexed.put(db + "/" + ddocId, seq);
    }

    /** The builds not ended yet. */
    List<Build> inFlight() {
        return builds.stream().filter(b -> !b.ended).toList();
    }

    /** Ends {@code build} normally: the index reaches the sequence the database had when the build started. */
    void complete(Build build) {
        end(build);
        if (!build.cancelled && exists(build.db) && ddocsOf(build.db).get(build.ddocId) == build.version) {
            indexed.merge(build.db + "/" + build.ddocId, build.seqAtStart, Math::max);
        }
        build.listener.completed();
    }

    /** Ends {@code build} normally but with its index where it was (the index answered with an error). */
    void endWithoutProgress(Build build) {
        end(build);
        build.listener.completed();
    }

    void crash(Build build) {
        end(build);
        build.listener.crashed(new IllegalStateException("index process died"));
    }

    private void end(Build build) {
        if (build.ended) {
            throw new IllegalStateException("a build ends once");
        }
        build.ended = true;
        running--;
    }

    @Override
    public List<DesignDoc> designDocs(String db) {
        looks.add(time.nowMillis() + " " + db);
        return List.copyOf(ddocsOf(db).values());
    }

    @Override
    public long updateSeq(String db) {
        Long seq = seqs.get(db);
        if (seq == null) {
            throw new IllegalStateException("no database " + db);
        }
        return seq;
    }

    @Override
    public long indexedSeq(String db, String ddocId) {
        return indexed.getOrDefault(db + "/" + ddocId, 0L);
    }

    @Override
    public boolean languageSupported(String language) {
        return languages.contains(language);
    }

    @Override
    public IndexBuild startBuild(String db, String ddocId, long targetSeq, BuildListener listener) {
        Build build = new Build(db, ddocId, targetSeq, time.nowMillis(), seqs.getOrDefault(db, 0L), listener,
                ddocsOf(db).get(ddocId));
        builds.add(build);
        running++;
        maxRunning = Math.max(maxRunning, running);
        onStart.accept(build);
        if (buildMillis >= 0) {
            time.schedule(buildMillis, () -> {
                if (!build.ended) {
                    complete(build);
                }
            });
        }
        return () -> build.cancelled = true;
    }
}
