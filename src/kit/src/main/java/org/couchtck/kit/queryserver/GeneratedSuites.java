package org.couchtck.kit.queryserver;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.generate.ReduceFunction;

/**
 * The generated suites, each a section with one case whose id is stable like a corpus case's: it can be selected,
 * excluded and listed in a baseline. The case has no steps of its own; its examples are generated from the run's
 * seed.
 */
public final class GeneratedSuites {

    /** Map functions × documents, compared with the reference. */
    public static final String MAP_DIFFERENTIAL = "qs.generated-map.differential";
    /** Reduce results and rereduce over partitions, checked against the functions' algebra. */
    public static final String REDUCE_ALGEBRA = "qs.generated-reduce.rereduce-algebra";
    /** Whole indexer sessions, compared with the reference line by line. */
    public static final String SESSION_DIFFERENTIAL = "qs.generated-session.differential";
    /** Malformed and mutated lines: answer or exit, never hang. */
    public static final String ROBUSTNESS = "qs.generated-robustness.answer-or-exit";
    /** After a bad line it replied to, the server still answers a reset. */
    public static final String RECOVERY = "qs.generated-robustness.answers-after-error";
    /** The log lines before each reply of generated sessions, compared with the reference's. */
    public static final String LOG_LINES = "qs.generated-session.log-lines";

    private static final String SOURCE = "generated";

    private static final List<Case> CASES = List.of(
            generated(MAP_DIFFERENTIAL, Level.MUST,
                    "map_doc answers generated documents × generated map functions as the reference does",
                    "share/server/views.js"),
            generated(REDUCE_ALGEBRA, Level.MUST,
                    "reduce gives one result per function in order; rereduce over any partition equals reduce",
                    "share/server/views.js"),
            generated(SESSION_DIFFERENTIAL, Level.MUST,
                    "generated indexer sessions (reset, add_lib, add_fun, map_doc, reduce, rereduce) are answered "
                            + "line by line as the reference does",
                    "src/couch/src/couch_query_servers.erl"),
            generated(LOG_LINES, Level.INFO,
                    "generated indexer sessions log what the reference logs before each reply (CouchDB only writes "
                            + "log lines to its own log)",
                    "src/couch/src/couch_os_process.erl"),
            generated(ROBUSTNESS, Level.SHOULD,
                    "truncated, mistyped, unknown and huge lines get a reply or an exit, never a hang",
                    "share/server/loop.js"),
            generated(RECOVERY, Level.INFO,
                    "a server that replied to a bad line and kept running still answers the next reset with true",
                    "share/server/loop.js"));

    private GeneratedSuites() {}

    /** The generated cases, in run order. */
    public static List<Case> cases() {
        return CASES;
    }

    /** The generated case {@code id}, if it is one. */
    public static Optional<Case> find(String id) {
        return CASES.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** Whether the generated case {@code id} sends functions, so that the kit must write them in the language. */
    public static boolean sendsFunctions(String id) {
        return !id.equals(ROBUSTNESS) && !id.equals(RECOVERY);
    }

    /** For each catalogue function the generated suites take from the language packs, the suites that send it. */
    public static Map<String, List<String>> functionUsage() {
        Map<String, List<String>> usage = new LinkedHashMap<>();
        for (ReduceFunction.Algebra algebra : ReduceFunction.Algebra.values()) {
            usage.put(new ReduceFunction(algebra).catalogueId(), List.of(REDUCE_ALGEBRA, SESSION_DIFFERENTIAL,
                    LOG_LINES));
        }
        return usage;
    }

    /** Whether {@code testCase} is a generated case rather than a corpus case. */
    public static boolean isGenerated(Case testCase) {
        return SOURCE.equals(testCase.sourceFile()) && find(testCase.id()).isPresent();
    }

    private static Case generated(String id, Level level, String description, String spec) {
        return new Case(id, id.split("\\.")[1], level, description, spec, Optional.empty(),
                List.of(), false, "", List.of(), SOURCE, Conformance.COUCHDB);
    }
}
