package org.couchtck.kit.daemons;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.PropertyRunner;
import org.couchtck.kit.generate.Reproducer;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * Runs the generated daemon cases ({@link GeneratedDaemonSuites}): the sessions of the run's seed, the first ones all
 * started at once and shared by the cases, each failure shrunk to the fewest keys and sections, the shortest values
 * and no delay, and printed with the {@code couchtck replay} line that plays it again.
 */
final class GeneratedDaemonRunner {

    /** The name the examples are drawn under: one for both cases, so that they judge the same sessions. */
    private static final String EXAMPLES = "daemon.generated-sessions";

    private final DaemonTargets targets;
    private final PlayedSessions sessions;
    private final long seed;
    private final GenerationBudget budget;

    GeneratedDaemonRunner(DaemonTargets targets, PlayedSessions sessions, long seed, GenerationBudget budget) {
        this.targets = targets;
        this.sessions = sessions;
        this.seed = seed;
        this.budget = budget;
    }

    /** The results of the generated {@code cases}, in their order. Never throws for what the daemon does. */
    List<CaseResult> run(List<DaemonCase> cases) {
        PropertyRunner runner = new PropertyRunner(budget);
        if (!cases.isEmpty()) {
            sessions.prefetch(runner.plannedExamples(EXAMPLES, property(cases.get(0)), seed));
        }
        return cases.stream().map(c -> run(c, runner)).toList();
    }

    private SessionsProperty property(DaemonCase c) {
        return new SessionsProperty(new SessionConfigGenerator(targets.daemonName()), sessions,
                GeneratedDaemonSuites.checks(c.id()));
    }

    private CaseResult run(DaemonCase c, PropertyRunner runner) {
        Instant started = Instant.now();
        Transcript summary = new Transcript();
        PropertyRunner.Report report;
        try {
            report = runner.run(EXAMPLES, property(c), seed);
        } catch (SessionsProperty.DaemonUnavailable e) {
            return result(c, Verdict.ERROR, e.getMessage(), "", "", summary.entries(), started);
        }
        summary.add(Direction.EVENT, "seed " + seed + ": " + report.examples() + " generated sessions");
        List<TranscriptEntry> transcript = new ArrayList<>(summary.entries());
        transcript.addAll(report.transcript().entries());
        if (report.failure().isEmpty()) {
            return result(c, Verdict.PASS, "", "", "", transcript, started);
        }
        PropertyRunner.Failure failure = report.failure().get();
        Counterexample shrunk = failure.shrunk();
        String ini = shrunk.lines().get(0);
        String message = "example " + failure.example() + " of seed " + seed + ": " + shrunk.message()
                + "; shrunk from " + keys(failure.original().lines().get(0)) + " to " + keys(ini) + " ("
                + failure.shrink().steps() + " candidates, " + failure.shrink().elapsed().toMillis() + " ms)"
                + "\nthe ini text set over the run's configuration:\n" + (ini.isEmpty() ? "(none)\n" : ini)
                + "reproduce: " + replayLine(c.id());
        return result(c, Verdict.broken(c.level()), message, shrunk.expected(), shrunk.actual(), transcript,
                started);
    }

    /** {@code 2 key(s) in 1 section(s)}: the size of an example's ini text. */
    private static String keys(String ini) {
        long sections = ini.lines().filter(l -> l.startsWith("[")).count();
        long keys = ini.lines().filter(l -> !l.startsWith("[")).count();
        return keys + " key(s) in " + sections + " section(s)";
    }

    private String replayLine(String id) {
        StringBuilder line = new StringBuilder("couchtck replay ").append(id).append(" --seed ").append(seed);
        targets.daemon().ifPresent(d -> line.append(" --daemon ").append(Reproducer.shellQuote(d)));
        if (!targets.daemonName().equals(DaemonTargets.DEFAULT_NAME)) {
            line.append(" --daemon-name ").append(targets.daemonName());
        }
        targets.daemonConfig().ifPresent(f -> line.append(" --daemon-config ").append(Reproducer.shellQuote(
                f.toString())));
        return line.toString();
    }

    private CaseResult result(DaemonCase c, Verdict verdict, String message, String expected, String actual,
            List<TranscriptEntry> transcript, Instant started) {
        return new CaseResult(c.id(), c.section(), c.level(), c.description(), c.spec(), verdict, message, expected,
                actual, verdict.equals(Verdict.PASS) || verdict.equals(Verdict.ERROR) ? -1 : 0, transcript,
                OptionalLong.of(seed), Duration.between(started, Instant.now()), "");
    }
}
