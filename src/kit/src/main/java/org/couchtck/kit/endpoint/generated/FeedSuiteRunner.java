package org.couchtck.kit.endpoint.generated;

import java.time.Duration;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.endpoint.EndpointShape;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.generate.GenerationBudget;

/**
 * Runs the generated feed cases ({@link FeedSuites}) against an endpoint: workloads from the run's seed through the
 * kit's property runner, each failure shrunk (fewer writers, fewer operations) and reported with the smallest
 * workload that still failed and the {@code couchtck replay} line that runs the case again. Workloads are concurrent,
 * so a rerun need not fail as the first run did: a shrink candidate counts as failing when one of
 * {@value #ATTEMPTS} runs of it fails. The reporting is {@link GeneratedCaseRunner}'s, shared with the generated view
 * cases.
 */
public final class FeedSuiteRunner {

    /** How many times a shrink candidate runs before it is taken to pass. */
    static final int ATTEMPTS = 2;

    private static final GeneratedCaseRunner.Wording WORDING = new GeneratedCaseRunner.Wording("workload",
            "generated workloads", "workload lines", "workload");

    private final WorkloadRunner workloads;
    private final GeneratedCaseRunner cases;

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
        this(target, runId, requestTimeout, seed, budget, replayOptions, EndpointShape.SINGLE_NODE);
    }

    /** As the other constructor, for an endpoint that is {@code shape}: a cluster's copies are awaited. */
    public FeedSuiteRunner(EndpointTarget target, String runId, Duration requestTimeout, long seed,
            GenerationBudget budget, String replayOptions, EndpointShape shape) {
        this(new WorkloadRunner(target, runId, requestTimeout, shorter(WorkloadRunner.WRITE_BOUND,
                budget.timePerSuite()), WorkloadRunner.SETTLE, ViewSuiteRunner.copies(shape)), seed, budget,
                replayOptions);
    }

    FeedSuiteRunner(WorkloadRunner workloads, long seed, GenerationBudget budget, String replayOptions) {
        this.workloads = workloads;
        this.cases = new GeneratedCaseRunner(seed, budget, replayOptions);
    }

    private static Duration shorter(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Runs the generated feed case {@code testCase}. Never throws for endpoint misbehaviour. */
    public CaseResult run(HttpCase testCase) {
        if (!FeedSuites.isGenerated(testCase)) {
            throw new IllegalArgumentException("not a generated feed case: " + testCase.id());
        }
        return cases.run(testCase, new FeedProperty(testCase.id(), workloads), ATTEMPTS, WORDING);
    }

    /** The command that runs case {@code id} again with this run's seed against this endpoint. */
    String replayLine(String id) {
        return cases.replayLine(id);
    }
}
