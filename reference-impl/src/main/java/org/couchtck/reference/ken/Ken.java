package org.couchtck.reference.ken;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.couchtck.reference.time.Scheduler;

/**
 * CouchDB's background indexer (ken_server): databases reported as updated are queued once each and looked at one
 * at a time; for each design document whose views ken may build, a build of its view index up to the database's
 * update sequence starts if the channels and the index's recent history allow it, else the database is looked at
 * again 60 s later. A build that crashes brings the database back 5 s later.
 *
 * <p>Like a gen_server, ken handles one message at a time on its {@link Scheduler}: the input methods only post a
 * message and return at once. After each message ken wakes at once (a zero timeout) to prune its job records (at
 * most every {@code delay}) and to look at the next queued database; with no message for {@code prune_interval} it
 * wakes by itself.
 */
public final class Ken implements AutoCloseable {

    /** After a look found a build it could not start, the database comes back this much later. */
    public static final long RESUBMIT_MILLIS = 60_000;
    /** After a build or a look crashed, the database comes back this much later. */
    public static final long CRASH_RESUBMIT_MILLIS = 5_000;

    private final Scheduler scheduler;
    private final IndexHost host;
    private final Supplier<KenConfig> config;
    private final RandomGenerator random;
    private final Object lock = new Object();
    private final DbQueue queue = new DbQueue();
    private final JobTable jobs = new JobTable();
    private final Map<String, Scheduler.Cancellable> resubmits = new HashMap<>();
    private Scheduler.Cancellable timeout;
    private long prunedLast;
    private volatile boolean closed;

    /**
     * Ken on {@code scheduler}, building through {@code host}; {@code config} is read afresh whenever ken decides
     * (CouchDB reads its {@code [ken]} options live); {@code random} orders a database's design documents (CouchDB
     * shuffles them so that none is always last).
     */
    public Ken(Scheduler scheduler, IndexHost host, Supplier<KenConfig> config, RandomGenerator random) {
        this.scheduler = scheduler;
        this.host = host;
        this.config = config;
        this.random = random;
        synchronized (lock) {
            this.prunedLast = scheduler.nowMillis();
            armTimeout(config.get().pruneIntervalMillis());
        }
    }

    /** Ken with a fixed configuration. */
    public Ken(Scheduler scheduler, IndexHost host, KenConfig config) {
        this(scheduler, host, () -> config, new SplittableRandom());
    }

    /** Database {@code db} was written to (CouchDB's {@code updated} event): queue it unless it waits already. */
    public void dbUpdated(String db) {
        post(() -> queue.add(db));
    }

    /**
     * A design document of {@code db} was written (CouchDB's {@code ddoc_updated} event, which queues every shard
     * of the database). The write itself is also an update: the endpoint reports both, as CouchDB does.
     */
    public void ddocUpdated(String db, String ddocId) {
        post(() -> queue.add(db));
    }

    /**
     * Database {@code db} was deleted: it leaves the queue and ken forgets its jobs; builds still running are
     * cancelled (and hold their channel until they report). A pending resubmit still comes, and finds no design
     * documents.
     */
    public void dbDeleted(String db) {
        post(() -> {
            queue.remove(db);
            jobs.removeDb(db);
        });
    }

    /** How many builds ken started that have not reported their end. */
    public int activeBuilds() {
        synchronized (lock) {
            return jobs.activeCount();
        }
    }

    /** Stops ken: no more looks or resubmits; builds in flight are cancelled. */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            if (timeout != null) {
                timeout.cancel();
                timeout = null;
            }
            resubmits.values().forEach(Scheduler.Cancellable::cancel);
            resubmits.clear();
            jobs.cancelAll();
        }
    }

    private void post(Runnable message) {
        send(0, message);
    }

    /** Delivers {@code message} {@code delayMillis} from now, on the scheduler, like a message to a gen_server. */
    private Scheduler.Cancellable send(long delayMillis, Runnable message) {
        if (closed) {
            return () -> {};
        }
        return scheduler.schedule(delayMillis, () -> {
            synchronized (lock) {
                if (closed) {
                    return;
                }
                message.run();
                armTimeout(0);
            }
        });
    }

    private void armTimeout(long delayMillis) {
        if (timeout != null) {
            timeout.cancel();
        }
        timeout = scheduler.schedule(delayMillis, this::onTimeout);
    }

    private void onTimeout() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            timeout = null;
            KenConfig cfg = config.get();
            long now = scheduler.nowMillis();
            if (now - prunedLast > cfg.delayMillis()) {
                jobs.pruneIdleStartedBefore(now - cfg.delayMillis());
                prunedLast = now;
            }
            boolean looked = lookAtNextQueued(cfg);
            // a look ends like CouchDB's db worker: its exit is a message, so ken wakes again at once
            armTimeout(looked ? 0 : cfg.pruneIntervalMillis());
        }
    }

    /** Looks at the first queued database that is neither resubmitting nor ignored, if a channel is free. */
    private boolean lookAtNextQueued(KenConfig cfg) {
        String db;
        while ((db = queue.head()) != null) {
            if (queue.isResubmitting(db) || cfg.ignores(db)) {
                queue.dropHead();
            } else if (jobs.activeCount() < cfg.totalChannels()) {
                queue.dropHead();
                lookAt(db, cfg);
                return true;
            } else {
                return false;
            }
        }
        return false;
    }

    private void lookAt(String db, KenConfig cfg) {
        boolean allStarted;
        try {
            allStarted = updateDbIndexes(db, cfg);
        } catch (RuntimeException e) {
            resubmit(db, CRASH_RESUBMIT_MILLIS);
            return;
        }
        if (!allStarted) {
            resubmit(db, RESUBMIT_MILLIS);
        }
    }

    /** Tries each design document of {@code db} in random order; false if some build could not start. */
    private boolean updateDbIndexes(String db, KenConfig cfg) {
        List<DesignDoc> ddocs = new ArrayList<>(host.designDocs(db));
        for (int i = ddocs.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            ddocs.set(j, ddocs.set(i, ddocs.get(j)));
        }
        boolean allStarted = true;
        for (DesignDoc ddoc : ddocs) {
            long seq = host.updateSeq(db);
            if (ddoc.autoupdateViews() && ddoc.hasViews() && host.languageSupported(ddoc.language())) {
                allStarted &= maybeStart(new JobName(db, ddoc.id()), seq, cfg);
            }
        }
        return allStarted;
    }

    private boolean maybeStart(JobName name, long seq, KenConfig cfg) {
        long now = scheduler.nowMillis();
        boolean start = StartRule.mayStart(cfg, jobs.activeCount(), jobs.get(name), seq, now,
                () -> host.indexedSeq(name.db(), name.ddocId()));
        if (start) {
            startBuild(name, seq, now);
        }
        return start;
    }

    private void startBuild(JobName name, long seq, long now) {
        Job.Running build = jobs.start(name, seq, now);
        BuildListener listener = new OnceListener(build);
        try {
            build.handle = host.startBuild(name.db(), name.ddocId(), seq, listener);
        } catch (RuntimeException e) {
            listener.crashed(e);
        }
    }

    private void buildEnded(Job.Running build, Throwable crash) {
        if (jobs.ended(build) && crash != null) {
            resubmit(build.name.db(), CRASH_RESUBMIT_MILLIS);
        }
    }

    private void resubmit(String db, long delayMillis) {
        if (queue.markResubmitting(db)) {
            resubmits.put(db, send(delayMillis, () -> {
                resubmits.remove(db);
                queue.clearResubmitting(db);
                queue.add(db);
            }));
        }
    }

    /** Hands a build's one report to ken's scheduler; later reports are ignored. */
    private final class OnceListener implements BuildListener {
        private final Job.Running build;
        private final AtomicBoolean reported = new AtomicBoolean();

        OnceListener(Job.Running build) {
            this.build = build;
        }

        @Override
        public void completed() {
            if (reported.compareAndSet(false, true)) {
                post(() -> buildEnded(build, null));
            }
        }

        @Override
        public void crashed(Throwable cause) {
            if (reported.compareAndSet(false, true)) {
                post(() -> buildEnded(build, cause));
            }
        }
    }
}
