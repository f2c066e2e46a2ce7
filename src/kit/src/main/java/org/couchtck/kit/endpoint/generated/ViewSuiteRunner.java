package org.couchtck.kit.endpoint.generated;

import java.time.Duration;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.endpoint.EndpointShape;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.Property;

/**
 * Runs the generated view cases ({@link ViewSuites}) against an endpoint: examples from the run's seed through the
 * kit's property runner, each in a database of its own ({@code couchtck-<run>-gv-<n>}, deleted afterwards); a
 * failure is shrunk to fewer documents with simpler keys and values and reported, as the feed cases are
 * ({@link GeneratedCaseRunner}), with the smallest failing document set, the seed and the {@code couchtck replay}
 * line. Examples are written and queried one request at a time, so they are deterministic: a shrink candidate runs
 * once.
 */
public final class ViewSuiteRunner {

    private static final GeneratedCaseRunner.Wording WORDING = new GeneratedCaseRunner.Wording("example",
            "generated examples", "documents", "documents");

    private final ViewProperty.Context context;
    private final GeneratedCaseRunner cases;

    /**
     * @param runId part of every database name (lowercase {@code [a-z0-9_-]})
     * @param requestTimeout the bound on one request and its reply
     * @param seed the run's seed: the same seed generates the same examples
     * @param budget examples per property, time per property, shrink bounds
     * @param replayOptions what the replay line adds after {@code --seed S} to reach this endpoint; empty for the
     *     reference endpoint
     */
    public ViewSuiteRunner(EndpointTarget target, String runId, Duration requestTimeout, long seed,
            GenerationBudget budget, String replayOptions) {
        this(target, runId, requestTimeout, seed, budget, replayOptions, EndpointShape.SINGLE_NODE);
    }

    /** As the other constructor, for an endpoint that is {@code shape}: a cluster's copies are awaited. */
    public ViewSuiteRunner(EndpointTarget target, String runId, Duration requestTimeout, long seed,
            GenerationBudget budget, String replayOptions, EndpointShape shape) {
        this.context = new ViewProperty.Context(target, runId, requestTimeout, copies(shape));
        this.cases = new GeneratedCaseRunner(seed, budget, replayOptions);
    }

    /** How many copies of a database {@code shape} keeps, as far as the kit can tell; 1 for one node. */
    static int copies(EndpointShape shape) {
        return shape.isCluster() ? shape.n().orElse(shape.nodes()) : 1;
    }

    /** Runs the generated view case {@code testCase}. Never throws for endpoint misbehaviour. */
    public CaseResult run(HttpCase testCase) {
        if (!ViewSuites.isGenerated(testCase)) {
            throw new IllegalArgumentException("not a generated view case: " + testCase.id());
        }
        return cases.run(testCase, property(testCase.id()), 1, WORDING);
    }

    private Property<?> property(String id) {
        return switch (id) {
            case ViewSuites.COLLATION_ORDER -> new CollationProperty(context);
            case ViewSuites.BUILTIN_REDUCTIONS -> new ReductionProperty(context);
            case ViewSuites.APPROX_COUNT_DISTINCT -> new ApproxCountProperty(context, false);
            case ViewSuites.APPROX_COUNT_DISTINCT_EXACT -> new ApproxCountProperty(context, true);
            default -> throw new IllegalArgumentException("not a generated view case: " + id);
        };
    }

    /** The command that runs case {@code id} again with this run's seed against this endpoint. */
    String replayLine(String id) {
        return cases.replayLine(id);
    }
}
