package org.couchtck.kit.endpoint.generated;

import java.util.List;
import java.util.Optional;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.endpoint.EndpointShape;
import org.couchtck.kit.endpoint.HttpCase;

/**
 * The generated feed suites of the HTTP half: one section, {@code generated-feeds}, whose cases have stable ids like
 * corpus cases (they can be selected, excluded and listed in a baseline) but no steps: each runs seeded random
 * workloads (concurrent writers creating, updating, deleting and conflicting documents and creating and deleting
 * databases, with a reader of every feed kind alongside) and judges one property of what the feeds delivered.
 */
public final class FeedSuites {

    /** The section of the generated feed cases. */
    public static final String SECTION = "generated-feeds";
    /** Every acknowledged write is in {@code _changes} exactly once, at the document's latest state. */
    public static final String NO_LOST_WRITES = "http.generated-feeds.no-lost-writes";
    /** A continuous (and an eventsource) feed never skips, repeats or reorders a change. */
    public static final String CONTINUOUS_ORDER = "http.generated-feeds.continuous-order";
    /** Resuming from any seq the server gave misses nothing. */
    public static final String RESUME = "http.generated-feeds.resume";
    /** {@code /_db_updates} reports every database the workload created and deleted. */
    public static final String DB_UPDATES = "http.generated-feeds.db-updates";

    private static final GeneratedCases CASES = new GeneratedCases(List.of(
            generated(NO_LOST_WRITES, "N concurrent writers and M feed readers lose nothing: after the workload the "
                    + "normal feed has every acknowledged write's document exactly once, at its latest revision (and "
                    + "with style=all_docs every open branch)",
                    "src/couch/src/couch_changes.erl, src/chttpd/src/chttpd_db.erl (handle_changes_req)"),
            generated(CONTINUOUS_ORDER, "a continuous feed (and an eventsource feed) read while concurrent writers "
                    + "write never skips, repeats or reorders a change: each seq once, each document's changes in "
                    + "the order they were acknowledged, and its latest state by the end",
                    "src/couch/src/couch_changes.erl (continuous, eventsource)"),
            generated(RESUME, "resuming from any seq the server issued misses nothing: longpoll and normal feeds read "
                    + "again and again from the last last_seq, and the normal feed from seqs the readers got, have "
                    + "every document changed after that seq, at its latest state",
                    "docs: api/database/changes (since, last_seq)"),
            GeneratedCases.generated(DB_UPDATES, SECTION, Level.MUST, "/_db_updates (continuous) reports a created "
                    + "and a deleted event for every database the workload created and deleted (within 5 s, "
                    + "global_changes' flush)", "src/global_changes/src/global_changes_httpd.erl",
                    List.of(EndpointShape.GLOBAL_CHANGES))));

    private FeedSuites() {}

    /** The generated feed cases, in run order. */
    public static List<HttpCase> cases() {
        return CASES.all();
    }

    /** The generated feed case {@code id}, if it is one. */
    public static Optional<HttpCase> find(String id) {
        return CASES.find(id);
    }

    /** Whether {@code testCase} is a generated feed case rather than a corpus case. */
    public static boolean isGenerated(HttpCase testCase) {
        return CASES.contains(testCase);
    }

    private static HttpCase generated(String id, String description, String spec) {
        return GeneratedCases.generated(id, SECTION, Level.MUST, description, spec);
    }
}
