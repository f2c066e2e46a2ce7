package org.couchtck.kit.endpoint.generated;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.PropertyRunner;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * Runs the generated feed cases ({@link FeedSuites}) against an endpoint: workloads from the run's seed through the
 * kit's property runner, each failure shrunk (fewer writers, fewer operations) and reported with the smallest
 * workload that still failed and the {@code couchtck replay} line that runs the case again. Workloads are concurrent,
 * so a rerun need not fail as the first run did: a shrink candidate counts as failing when one of
 * {@value #ATTEMPTS} runs of it fails.
 */
public final class FeedSuiteRunner {

    /** How many times a shrink candidate runs before it is taken to pass. */
    static final int ATTEMPTS = 2;

    /** Starts the message line that holds the replay command (as the query-server generated cases' reproducer). */
    private static final String REPRODUCE = "reproduce: ";

    private final WorkloadRunner workloads;
    private final long seed;
    private final GenerationBudget budget;
    private final String replayOptions;

    /**
     * @param runId part of every database name (lowercase {@code [a-z0-9_-]})
     * @param requestTimeout the bound on one request and its reply
     * @param seed the run's seed: the same seed generates the same workloads
     * @param budget workloads per property, time per property (also the most the writers of one workload take),
     *     shrink bounds
     * @param replayOptions what the replay line adds after {@code --seed S} to reach this endpoint (e.g.
     *     {@code --endpoint http://host:5984 --user NAME:PASSWORD}); empty for the reference endpoint
     */
    public FeedSuiteRunner(EndpointTarget target, String runId, Duration requestTimeout, long seed,
            GenerationBudget budget, String replayOptions) {
        this(new WorkloadRunner(target, runId, requestTimeout, shorter(WorkloadRunner.WRITE_BOUND,
                budget.timePerSuite()), WorkloadRunner.SETTLE), seed, budget, replayOptions);
    }

    FeedSuiteRunner(WorkloadRunner workloads, long seed, GenerationBudget budget, String replayOptions) {
        this.workloads = workloads;
        this.seed = seed;
        this.budget = budget;
        this.replayOptions = replayOptions;
    }

    private static Duration shorter(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Runs the generated feed case {@code testCase}. Never throws for endpoint misbehaviour. */
    public CaseResult run(HttpCase testCase) {
        Instant started = Instant.now();
        if (!FeedSuites.isGenerated(testCase)) {
            throw new IllegalArgumentException("not a generated feed case: " + testCase.id());
        }
        PropertyRunner.Report report;
        try {
            report = new PropertyRunner(budget, ATTEMPTS).run(testCase.id(),
                    new FeedProperty(testCase.id(), workloads), seed);
        } catch (FeedEndpointUnavailable e) {
            return result(testCase, Verdict.ERROR, e.getMessage(), null, List.of(), started);
        }
        Transcript summary = new Transcript();
        summary.add(Direction.EVENT, "seed " + seed + ": " + report.examples() + " generated workloads");
        List<TranscriptEntry> transcript = new ArrayList<>(summary.entries());
        transcript.addAll(report.transcript().entries());
        if (report.failure().isEmpty()) {
            return result(testCase, Verdict.PASS, "", null, transcript, started);
        }
        PropertyRunner.Failure failure = report.failure().get();
        Counterexample shrunk = failure.shrunk();
        StringBuilder message = new StringBuilder()
                .append("workload ").append(failure.example()).append(" of seed ").append(seed).append(": ")
                .append(shrunk.message())
                .append("; shrunk from ").append(failure.original().lines().size()).append(" to ")
                .append(shrunk.lines().size()).append(" workload lines (").append(failure.shrink().steps())
                .append(" candidates, ").append(failure.shrink().elapsed().toMillis()).append(" ms)")
                .append("\nworkload:");
        shrunk.lines().forEach(line -> message.append("\n  ").append(line));
        message.append('\n').append(REPRODUCE).append(replayLine(testCase.id()));
        Verdict verdict = testCase.level().failsRun() ? Verdict.FAIL : Verdict.WARN;
        return result(testCase, verdict, message.toString(), shrunk, transcript, started);
    }

    /** The command that runs case {@code id} again with this run's seed against this endpoint. */
    String replayLine(String id) {
        return "couchtck replay " + id + " --seed " + seed + (replayOptions.isEmpty() ? "" : " " + replayOptions);
    }

    private CaseResult result(HttpCase c, Verdict verdict, String message, Counterexample shrunk,
            List<TranscriptEntry> transcript, Instant started) {
        return new CaseResult(c.id(), c.section(), c.level(), c.description(), c.spec(), verdict, message,
                shrunk == null ? "" : shrunk.expected(), shrunk == null ? "" : shrunk.actual(),
                shrunk == null ? -1 : shrunk.failedLine(), transcript, OptionalLong.of(seed),
                Duration.between(started, Instant.now()), "");
    }
}
