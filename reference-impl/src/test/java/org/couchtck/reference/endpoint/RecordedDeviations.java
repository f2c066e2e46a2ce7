package org.couchtck.reference.endpoint;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where the reference endpoint knowingly answers otherwise than CouchDB 3.5.2 did in {@code shared/couchdb-http}: per
 * scenario, the exchanges (indexes in the scenario file) that differ, and why. Everything not listed must match, and
 * everything listed must still differ, so this list cannot go stale.
 */
final class RecordedDeviations {

    private RecordedDeviations() {}

    /**
     * A documented difference: which exchanges of a scenario differ, why, and a fragment every such exchange's
     * difference must mention (so that a listed exchange cannot silently come to differ for another reason instead).
     */
    record Deviation(String scenario, Set<Integer> exchanges, String reason, String about) {}

    /** What is expected of one listed exchange. */
    record Expected(String reason, String about) {}

    /** Sections of the recordings this replay leaves out, with the reason. */
    static final Map<String, String> SECTIONS_NOT_REPLAYED = Map.of(
            "views", "needs views, which the endpoint does not have yet",
            "reduce", "needs views and reduce, which the endpoint does not have yet",
            "ddoc", "needs show/list/update functions and validate_doc_update, which the endpoint does not have yet",
            "autoindex", "needs views and ken's background indexing, which the endpoint does not have yet");

    /** Scenarios of the replayed sections left out, with the reason. */
    static final Map<String, String> SCENARIOS_NOT_REPLAYED = Map.of();

    private static final String STACK_HASH = "a 500 for a parameter CouchDB never validates (an Erlang badarg or"
            + " case_clause): CouchDB adds \"ref\" and X-Couch-Stack-Hash, a hash of its Erlang stack trace, which the"
            + " reference has no stack to compute from";
    private static final String PBKDF2_ITERATIONS = "_users passwords: the reference hashes with 1000 PBKDF2"
            + " iterations (UserPasswords, a test double: every authenticated request pays them), CouchDB 3.5.2's"
            + " default is 600000";

    static final List<Deviation> DEVIATIONS = List.of(
            new Deviation("changes.error_feed_bogus", Set.of(4), STACK_HASH, "X-Couch-Stack-Hash"),
            new Deviation("changes.error_limit", Set.of(3, 4), STACK_HASH, "X-Couch-Stack-Hash"),
            new Deviation("changes.error_timeout_negative", Set.of(3), STACK_HASH, "X-Couch-Stack-Hash"),
            new Deviation("changes.filter_view", Set.of(7), STACK_HASH, "X-Couch-Stack-Hash"),
            new Deviation("changes.error_timeout_negative", Set.of(2),
                    "longpoll timeout=-5: CouchDB 3.5.2 crashes and drops the connection without a response; the"
                            + " reference takes it as timeout=0 and answers an empty longpoll at once",
                    "CouchDB closed the connection without a response"),
            new Deviation("db_updates.eventsource", Set.of(0),
                    "/_db_updates?feed=eventsource: CouchDB 3.5.2 crashes at the first event (badmatch on"
                            + " {\"eventsource\", Resp}) and writes a 500 response into the chunked body; the"
                            + " reference sends the event as data:/id: lines",
                    "CouchDB broke the chunked framing"),
            new Deviation("changes.sharded_q4", Set.of(2, 3, 4),
                    "q=4: the reference keeps one shard, so rows come in write order, not CouchDB's shard by shard"
                            + " order", "\"id\":\"doc-"),
            new Deviation("changes.filter_design", Set.of(6),
                    "the ETag of a _local document: CouchDB's make_etag({Start, DiskRev, Body}) hashes an Erlang term "
                            + "whose exact form the reference has not reproduced yet; it sends another opaque value",
                    "ETag"),
            new Deviation("changes.error_non_admin", Set.of(9), PBKDF2_ITERATIONS, "/iterations"),
            new Deviation("auth_errors.forbidden_403", Set.of(20), PBKDF2_ITERATIONS, "/iterations"));

    /** The exchanges expected to differ in a scenario (none: it must match exactly). */
    static Map<Integer, Expected> expectedFor(String scenario) {
        Map<Integer, Expected> out = new LinkedHashMap<>();
        for (Deviation d : DEVIATIONS) {
            if (d.scenario().equals(scenario)) {
                d.exchanges().forEach(i -> out.put(i, new Expected(d.reason(), d.about())));
            }
        }
        return out;
    }
}
