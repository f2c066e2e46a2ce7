package org.couchtck.kit.endpoint.generated;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.Externals;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.generate.GenerationBudget;

/**
 * Runs the generated proxy case ({@link ProxySuites}) against an endpoint: examples from the run's seed, shrunk and
 * reported as the other generated HTTP cases are ({@link GeneratedCaseRunner}). An example's requests take
 * milliseconds, not the seconds of a feed workload, so the run takes {@value #PER_FEED_EXAMPLE} examples for each one
 * the feed budget names, within the same time. NA, with the reason, where the endpoint has no proxy of the kit's or
 * the run no backend.
 */
public final class ProxySuiteRunner {

    static final int PER_FEED_EXAMPLE = 10;
    private static final GeneratedCaseRunner.Wording WORDING = new GeneratedCaseRunner.Wording("example",
            "generated examples", "exchanges", "exchanges");

    private final EndpointTarget target;
    private final Externals externals;
    private final Duration requestTimeout;
    private final GeneratedCaseRunner cases;

    /**
     * @param externals what the run found around the endpoint: the kit's backend and whether the endpoint proxies
     * @param requestTimeout the bound on one request and its reply
     * @param seed the run's seed: the same seed generates the same examples
     * @param budget the feed budget of the generated HTTP suites; this case takes ten times its examples
     * @param replayOptions what the replay line adds after {@code --seed S} to reach this endpoint
     */
    public ProxySuiteRunner(EndpointTarget target, Externals externals, Duration requestTimeout, long seed,
            GenerationBudget budget, String replayOptions) {
        this.target = target;
        this.externals = externals;
        this.requestTimeout = requestTimeout;
        this.cases = new GeneratedCaseRunner(seed, budget.withCases(budget.casesPerProperty() * PER_FEED_EXAMPLE),
                replayOptions);
    }

    /** Runs the generated proxy case {@code testCase}. Never throws for endpoint misbehaviour. */
    public CaseResult run(HttpCase testCase) {
        if (!ProxySuites.isGenerated(testCase)) {
            throw new IllegalArgumentException("not a generated proxy case: " + testCase.id());
        }
        for (String feature : List.of(Externals.PROXY, Externals.BACKEND)) {
            Optional<String> absent = externals.whyAbsent(feature);
            if (absent.isPresent()) {
                return new CaseResult(testCase.id(), testCase.section(), testCase.level(), testCase.description(),
                        testCase.spec(), Verdict.NA, "needs " + feature + ": " + absent.get(), "", "", -1, List.of(),
                        OptionalLong.empty(), Duration.ZERO, "").withNotApplicable(Applicability.Cause.FEATURE);
            }
        }
        return cases.run(testCase, new ProxyTransparencyProperty(target, externals.backend().orElseThrow(),
                requestTimeout), 1, WORDING);
    }

    /** The command that runs case {@code id} again with this run's seed against this endpoint. */
    String replayLine(String id) {
        return cases.replayLine(id);
    }
}
