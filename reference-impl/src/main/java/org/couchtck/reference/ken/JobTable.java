package org.couchtck.reference.ken;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The jobs ken knows (CouchDB's {@code ken_workers} table) and the builds in flight, which fill the channels. */
final class JobTable {

    private final Map<JobName, Job> jobs = new LinkedHashMap<>();
    private final Set<Job.Running> inFlight = Collections.newSetFromMap(new IdentityHashMap<>());

    /** How many builds run now: the number the channels limit. */
    int activeCount() {
        return inFlight.size();
    }

    /** The last job of {@code name}, or null when there is none (never started, or pruned). */
    Job get(JobName name) {
        return jobs.get(name);
    }

    /** Records a build of {@code name} to {@code seq} starting at {@code now}, replacing the previous record. */
    Job.Running start(JobName name, long seq, long now) {
        Job job = new Job(name, seq, now);
        job.running = new Job.Running(name);
        jobs.put(name, job);
        inFlight.add(job.running);
        return job.running;
    }

    /**
     * A build reported its end: it no longer fills a channel, and its job (if still recorded) is idle.
     *
     * @return whether the build still belonged to a recorded job (false after its database was deleted)
     */
    boolean ended(Job.Running build) {
        if (!inFlight.remove(build) || build.detached) {
            return false;
        }
        Job job = jobs.get(build.name);
        if (job != null && job.running == build) {
            job.running = null;
            return true;
        }
        return false;
    }

    /** Forgets every job of {@code db}; builds still running are cancelled but keep their channel until they end. */
    void removeDb(String db) {
        for (Iterator<Job> it = jobs.values().iterator(); it.hasNext(); ) {
            Job job = it.next();
            if (job.name.db().equals(db)) {
                it.remove();
                if (job.running != null) {
                    job.running.detached = true;
                    if (job.running.handle != null) {
                        job.running.handle.cancel();
                    }
                }
            }
        }
    }

    /** Forgets idle jobs started before {@code before}. */
    void pruneIdleStartedBefore(long before) {
        jobs.values().removeIf(job -> job.running == null && job.startedAt < before);
    }

    /** Cancels every build in flight (ken stops). */
    void cancelAll() {
        for (Job.Running build : inFlight) {
            build.detached = true;
            if (build.handle != null) {
                build.handle.cancel();
            }
        }
    }
}
