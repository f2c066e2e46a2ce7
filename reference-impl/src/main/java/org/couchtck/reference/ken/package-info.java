/**
 * The reference of CouchDB's ken, the background indexer (src/ken, {@code ken_server}): which view indexes to build
 * after writes, when, and how many at once. {@link org.couchtck.reference.ken.Ken} is the scheduler, driven by the
 * endpoint's database events ({@code dbUpdated}, {@code ddocUpdated}, {@code dbDeleted}) on an injected {@link
 * org.couchtck.reference.time.Scheduler}; it builds through an {@link org.couchtck.reference.ken.IndexHost} the
 * endpoint implements, which reports each build's end to a {@link org.couchtck.reference.ken.BuildListener}.
 * {@link org.couchtck.reference.ken.KenConfig} holds the {@code [ken]} and {@code [ken.ignore]} settings and {@link
 * org.couchtck.reference.ken.DesignDoc} what ken reads of a design document. Package-private: the queue of databases
 * ({@code DbQueue}), the job records and builds in flight ({@code JobTable}, {@code Job}, {@code JobName}) and the
 * rule that lets a build start ({@code StartRule}).
 *
 * <p>The rules, as CouchDB 3.5 has them:
 *
 * <ul>
 *   <li>An updated database is queued once however often it is reported, and looked at as soon as ken is free; the
 *       recordings show an indexer task within 15 ms of a design document's write. There is no delay before a look.
 *   <li>A look reads the database's design documents (shuffled) and, for each one with a view that has a {@code map},
 *       in a language a query server serves, and without {@code "autoupdate": false} or {@code "autoupdate":
 *       {"views": false}}, starts a build up to the database's update sequence if {@code StartRule} allows it.
 *   <li>At most {@code batch_channels + incremental_channels} builds run; above {@code batch_channels} a new build
 *       must be less than {@code max_incremental_updates} behind. A build of an index whose last build started less
 *       than {@code delay} (5 s) ago needs a batch channel and {@code batch_size} (1) new updates. A database whose
 *       builds could not all start (one still running, channels full) is looked at again 60 s later, and updates in
 *       between do not bring it sooner: the recordings' 60 s catch-ups. A crashed build or look: again 5 s later.
 *   <li>Databases in {@code [ken.ignore]} are never looked at; search and nouveau indexes are not built (the
 *       reference has neither); CouchDB's disk-space check that can pause view builds is not modelled.
 * </ul>
 *
 * <p>Departures from CouchDB, none visible over HTTP: a look runs within one scheduler task, so the builds it starts
 * count against the channels at once (CouchDB counts them when its server handles the worker's casts); a build of a
 * deleted database keeps its channel until it reports (CouchDB forgets it at once and may run more than the channels
 * allow for a while).
 *
 * <p>What the endpoint shows while a build runs is not ken's: CouchDB's view updater adds an {@code _active_tasks}
 * entry when it starts and removes it when it ends. Recorded (3.5.2): {@code {"node": "couchdb@127.0.0.1", "pid":
 * "<0.1.0>", "process_status": "waiting", "changes_done": 0, "database":
 * "shards/00000000-ffffffff/db.1795443556", "design_document": "_design/d", "indexer_pid": "<0.2.0>", "progress":
 * 0, "started_on": 1795443616, "total_changes": 200, "type": "indexer", "updated_on": 1795443616}}: times in
 * seconds, {@code database} the shard file name, {@code total_changes} the changes the build has to process, {@code
 * progress} {@code changes_done * 100 / total_changes} rounded down, updated at most every 500 ms; no
 * {@code phase} or {@code view} field. A build of an index already up to date shows no task.
 */
package org.couchtck.reference.ken;
