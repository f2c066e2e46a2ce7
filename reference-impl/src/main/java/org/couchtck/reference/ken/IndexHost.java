package org.couchtck.reference.ken;

import java.util.List;

/**
 * What ken needs of the server it runs in; the endpoint implements it. Ken calls it from its scheduler's thread,
 * one call at a time; every method must answer promptly and must not wait for ken.
 */
public interface IndexHost {

    /** The design documents of {@code db} that are not deleted; empty when the database does not exist. */
    List<DesignDoc> designDocs(String db);

    /** The numeric update sequence of {@code db} now. */
    long updateSeq(String db);

    /**
     * Up to which update sequence the view index of the current version of {@code ddocId} in {@code db} is built
     * (0 when it was never built). Ken asks only when deciding whether a build may take an incremental channel.
     */
    long indexedSeq(String db, String ddocId);

    /**
     * Whether a query server serves {@code language} (CouchDB: {@code couch_proc_manager:allowed_languages/0}, the
     * configured query servers plus the native {@code query}); ken leaves design documents in other languages alone.
     */
    boolean languageSupported(String language);

    /**
     * Brings the view index of {@code ddocId} in {@code db} up to at least {@code targetSeq}, in the background
     * (CouchDB's updater goes on to the database's sequence of the moment it runs); must not block. An index already
     * there completes at once, without an indexer task. The host shows the build in {@code _active_tasks} while it
     * runs and reports its end to {@code listener} exactly once.
     */
    IndexBuild startBuild(String db, String ddocId, long targetSeq, BuildListener listener);
}
