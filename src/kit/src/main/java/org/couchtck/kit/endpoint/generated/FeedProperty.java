package org.couchtck.kit.endpoint.generated;

import java.util.Optional;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.wire.Transcript;

/**
 * One generated feed property: its examples are {@link FeedWorkload}s, each run against the endpoint and judged by
 * {@link FeedJudge} for the property's aspect only (so that shrinking keeps that failure, not another).
 */
final class FeedProperty implements Property<FeedWorkload> {

    private final String id;
    private final WorkloadRunner runner;

    FeedProperty(String id, WorkloadRunner runner) {
        this.id = id;
        this.runner = runner;
    }

    @Override
    public FeedWorkload generate(Choices choices) {
        return FeedWorkload.generate(choices);
    }

    @Override
    public Optional<Counterexample> check(FeedWorkload workload, Transcript transcript) {
        return FeedJudge.judge(id, runner.run(workload, transcript));
    }
}
