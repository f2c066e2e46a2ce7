package org.couchtck.kit.endpoint.generated;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.generate.PropertyRunner;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * What every generated HTTP case shares ({@code http.generated-feeds.*}, {@code http.generated-views.*}): its
 * property run under the run's seed and budget by the kit's property runner, a failure shrunk and reported as a
 * {@link CaseResult} with the seed, the smallest failing example's lines and the {@code couchtck replay} line that
 * runs the case again; an endpoint that could not be used at all ({@link EndpointUnavailable}) makes the case ERROR.
 */
final class GeneratedCaseRunner {

    /** Starts the message line that holds the replay command (as the query-server generated cases' reproducer). */
    static final String REPRODUCE = "reproduce: ";
    /** The most example lines a failure message lists; the rest are counted. */
    static final int LISTED_LINES = 60;

    /**
     * How a kind of generated case names its examples in the report.
     *
     * @param example one example, e.g. {@code workload}
     * @param examples what the transcript's summary counts, e.g. {@code generated workloads}
     * @param lines what an example's lines are, e.g. {@code workload lines}
     * @param listing the heading of the shrunk example's lines, e.g. {@code workload}
     */
    record Wording(String example, String examples, String lines, String listing) {}

    private final long seed;
    private final GenerationBudget budget;
    private final String replayOptions;

    /**
     * @param seed the run's seed: the same seed generates the same examples
     * @param budget examples per property, time per property, shrink bounds
     * @param replayOptions what the replay line adds after {@code --seed S} to reach this endpoint (e.g.
     *     {@code --endpoint http://host:5984 --user NAME:PASSWORD}); empty for the reference endpoint
     */
    GeneratedCaseRunner(long seed, GenerationBudget budget, String replayOptions) {
        this.seed = seed;
        this.budget = budget;
        this.replayOptions = replayOptions;
    }

    long seed() {
        return seed;
    }

    GenerationBudget budget() {
        return budget;
    }

    /**
     * Runs {@code property} as the case {@code testCase}. Never throws for endpoint misbehaviour.
     *
     * @param attempts how many runs of a shrink candidate must all pass before it is taken to pass (more than one for
     *     examples whose outcome is not deterministic, such as concurrent workloads)
     */
    <T> CaseResult run(HttpCase testCase, Property<T> property, int attempts, Wording wording) {
        Instant started = Instant.now();
        PropertyRunner.Report report;
        try {
            report = new PropertyRunner(budget, attempts).run(testCase.id(), property, seed);
        } catch (EndpointUnavailable e) {
            Transcript said = new Transcript();
            said.add(Direction.EVENT, e.getMessage());
            List<TranscriptEntry> transcript = new ArrayList<>(e.transcript());
            transcript.addAll(said.entries());
            return result(testCase, Verdict.ERROR, e.getMessage(), null, transcript, started);
        }
        Transcript summary = new Transcript();
        summary.add(Direction.EVENT, "seed " + seed + ": " + report.examples() + " " + wording.examples());
        List<TranscriptEntry> transcript = new ArrayList<>(summary.entries());
        transcript.addAll(report.transcript().entries());
        if (report.failure().isEmpty()) {
            return result(testCase, Verdict.PASS, "", null, transcript, started);
        }
        PropertyRunner.Failure failure = report.failure().get();
        Counterexample shrunk = failure.shrunk();
        StringBuilder message = new StringBuilder()
                .append(wording.example()).append(' ').append(failure.example()).append(" of seed ").append(seed)
                .append(": ").append(shrunk.message())
                .append("; shrunk from ").append(failure.original().lines().size()).append(" to ")
                .append(shrunk.lines().size()).append(' ').append(wording.lines()).append(" (")
                .append(failure.shrink().steps()).append(" candidates, ")
                .append(failure.shrink().elapsed().toMillis()).append(" ms)")
                .append('\n').append(wording.listing()).append(':');
        List<String> lines = shrunk.lines();
        lines.stream().limit(LISTED_LINES).forEach(line -> message.append("\n  ").append(line));
        if (lines.size() > LISTED_LINES) {
            message.append("\n  … and ").append(lines.size() - LISTED_LINES).append(" more");
        }
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
