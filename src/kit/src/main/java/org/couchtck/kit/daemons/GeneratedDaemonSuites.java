package org.couchtck.kit.daemons;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.kit.cases.Level;

/**
 * The generated daemon suite: one section, {@code generated-sessions}, whose cases have stable ids like corpus cases
 * (they can be selected, excluded and listed in a baseline) and sessions of no fixed shape: their examples, sessions
 * with a generated configuration and reply delay ({@link SessionConfigGenerator}), come from the run's seed. Both
 * cases judge the same sessions, each with several {@link DaemonCheck checks}; a case's {@link DaemonCase#check()}
 * is the first of them.
 */
public final class GeneratedDaemonSuites {

    /** Whatever the configuration: every line a request CouchDB handles, not halted, gone at the end of input. */
    public static final String HANDLED = "daemon.generated-sessions.handled";
    /** Whatever the configuration: every line a well-formed request, and no exit while CouchDB runs. */
    public static final String WELL_BEHAVED = "daemon.generated-sessions.well-behaved";

    private static final String SOURCE = "generated";
    private static final String SPEC = "src/couch/src/couch_os_daemons.erl (CouchDB 2.2.0)";

    /** The MUST checks of the fixture cases, then their SHOULD checks. */
    private static final Map<String, List<DaemonCheck>> CHECKS = Map.of(
            HANDLED, List.of(DaemonCheck.WELL_FORMED_GETS, DaemonCheck.BOUNDED_LINES, DaemonCheck.NOT_HALTED,
                    DaemonCheck.EXITS_AT_END_OF_INPUT),
            WELL_BEHAVED, List.of(DaemonCheck.JSON_LINES, DaemonCheck.KNOWN_REQUESTS, DaemonCheck.WELL_FORMED_LOGS,
                    DaemonCheck.WELL_FORMED_REGISTERS, DaemonCheck.STAYS_RUNNING));

    private static final List<DaemonCase> CASES = List.of(
            generated(HANDLED, Level.MUST, "whatever its configuration holds (random keys and values in its own "
                    + "section and others, slow replies), the daemon writes only requests CouchDB handles, is not "
                    + "halted, and exits when its standard input closes", "The MUST checks of the fixture cases "
                    + "(daemon.get.well-formed, daemon.lines.bounded, daemon.lifecycle.not-halted, "
                    + "daemon.lifecycle.exits-at-end-of-input) on sessions whose configuration is generated: users "
                    + "put any text in a daemon's section, and a daemon that breaks on a value breaks CouchDB's hold "
                    + "on it the same way."),
            generated(WELL_BEHAVED, Level.SHOULD, "whatever its configuration holds, every line the daemon writes is "
                    + "a well-formed JSON request and it does not exit while CouchDB runs", "The SHOULD checks of the "
                    + "fixture cases (daemon.lines.json, daemon.lines.known-requests, daemon.log.well-formed, "
                    + "daemon.register.well-formed, daemon.lifecycle.stays-running) on the same generated sessions: "
                    + "CouchDB logs and drops a bad line and starts an exited daemon again, so SHOULD."));

    private GeneratedDaemonSuites() {}

    /** The generated cases, in run order. */
    public static List<DaemonCase> cases() {
        return CASES;
    }

    /** The generated case {@code id}, if it is one. */
    public static Optional<DaemonCase> find(String id) {
        return CASES.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** Whether {@code testCase} is a generated case rather than a corpus case. */
    public static boolean isGenerated(DaemonCase testCase) {
        return SOURCE.equals(testCase.sourceFile()) && find(testCase.id()).isPresent();
    }

    /** The checks the generated case {@code id} judges each session with, in order. */
    static List<DaemonCheck> checks(String id) {
        return CHECKS.get(id);
    }

    private static DaemonCase generated(String id, Level level, String description, String note) {
        return new DaemonCase(id, id.split("\\.")[1], level, description, SPEC, note, SessionSpec.standard(),
                CHECKS.get(id).get(0), SOURCE);
    }
}
