package org.couchtck.reference.views;

/**
 * A running index build as {@code _active_tasks} shows it ({@code "type": "indexer"}).
 *
 * @param database the database's name
 * @param designDocument the design document's id
 * @param changesDone changes read so far
 * @param totalChanges changes this build reads
 * @param startedOnSeconds when the build started, Unix seconds
 * @param updatedOnSeconds when it last moved, Unix seconds
 */
public record IndexerTask(String database, String designDocument, long changesDone, long totalChanges,
        long startedOnSeconds, long updatedOnSeconds) {

    /** Percent done, as CouchDB rounds it. */
    public long progress() {
        return totalChanges == 0 ? 0 : changesDone * 100 / totalChanges;
    }
}
