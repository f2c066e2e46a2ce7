package org.couchtck.reference.ken;

import java.util.function.LongSupplier;

/**
 * Whether a build of an index may start now (CouchDB's {@code ken_server:should_start_job/2}, views only). While
 * fewer than {@code batch_channels} builds run, any build may take a batch channel; above that, up to all the
 * channels, only an incremental one: an index less than {@code max_incremental_updates} behind. An index whose
 * build still runs never gets a second one.
 */
final class StartRule {

    private StartRule() {}

    /**
     * @param active builds running now
     * @param last the index's last job, or null when ken has none on record
     * @param seq the database's update sequence: the target of the build
     * @param indexedSeq how far the index is built, asked only when it matters
     */
    static boolean mayStart(KenConfig config, int active, Job last, long seq, long now, LongSupplier indexedSeq) {
        boolean batchFree = active < config.batchChannels();
        boolean anyFree = active < config.totalChannels();
        if (last == null) {
            // a new job: a batch channel, or an incremental one if the index is close enough
            return batchFree || anyFree && seq - indexedSeq.getAsLong() < config.maxIncrementalUpdates();
        }
        if (last.running != null) {
            return false;
        }
        // an index built recently: CouchDB measures from the last job's target and start, not from the index
        boolean cooledDown = now - last.startedAt > config.delayMillis();
        long sinceLast = seq - last.seq;
        return batchFree && (sinceLast >= config.batchSize() || cooledDown)
                || anyFree && sinceLast < config.maxIncrementalUpdates() && cooledDown;
    }
}
