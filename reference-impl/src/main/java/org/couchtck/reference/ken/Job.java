package org.couchtck.reference.ken;

/**
 * Ken's record of the last build it started for an index: the target sequence, when it started and, while it runs,
 * the build. Kept after the build ends until pruned, so that the cool-down rules can see it.
 */
final class Job {

    final JobName name;
    final long seq;
    final long startedAt;
    /** The build while it runs; null once it ended. */
    Running running;

    Job(JobName name, long seq, long startedAt) {
        this.name = name;
        this.seq = seq;
        this.startedAt = startedAt;
    }

    /** A build in flight: counted against the channels from its start until it reports, even after a cancel. */
    static final class Running {
        final JobName name;
        IndexBuild handle;
        /** Set when its database was deleted: its end no longer concerns any job. */
        boolean detached;

        Running(JobName name) {
            this.name = name;
        }
    }
}
