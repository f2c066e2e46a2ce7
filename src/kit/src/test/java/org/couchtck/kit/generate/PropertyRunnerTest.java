package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.junit.jupiter.api.Test;

class PropertyRunnerTest {

    private static final GenerationBudget BUDGET = new GenerationBudget(200, Duration.ofSeconds(30), 2_000,
            Duration.ofSeconds(30));

    /** "Every list of numbers sums below 500": false, and the smallest counterexample is [500]. */
    private static final class SmallSums implements Property<List<Long>> {
        final List<List<Long>> seen = new ArrayList<>();

        @Override
        public List<Long> generate(Choices choices) {
            List<Long> numbers = new ArrayList<>();
            while (choices.more(numbers.size(), 10, 80)) {
                numbers.add(choices.draw(300));
            }
            return numbers;
        }

        @Override
        public Optional<Counterexample> check(List<Long> example, Transcript transcript) {
            seen.add(example);
            transcript.add(Direction.EVENT, example.toString());
            long sum = example.stream().mapToLong(Long::longValue).sum();
            return sum < 500 ? Optional.empty()
                    : Optional.of(new Counterexample("sum " + sum, "< 500", Long.toString(sum),
                            example.stream().map(String::valueOf).toList(), example.size() - 1));
        }
    }

    @Test
    void should_find_and_shrink_a_failure_to_the_smallest_counterexample() {
        // when
        PropertyRunner.Report report = new PropertyRunner(BUDGET).run("sums", new SmallSums(), 5);

        // then
        PropertyRunner.Failure failure = report.failure().orElseThrow();
        assertThat(failure.shrunk().message()).isEqualTo("sum 500");
        assertThat(failure.shrunk().lines()).hasSizeLessThanOrEqualTo(failure.original().lines().size());
        assertThat(failure.shrink().steps()).isPositive();
        assertThat(report.transcript().entries()).anySatisfy(e -> assertThat(e.text()).startsWith("shrunk"));
    }

    @Test
    void should_generate_the_same_examples_when_the_seed_and_name_are_the_same() {
        // given
        SmallSums first = new SmallSums();
        SmallSums second = new SmallSums();
        SmallSums otherName = new SmallSums();
        GenerationBudget noShrink = new GenerationBudget(20, Duration.ofSeconds(30), 0, Duration.ofSeconds(1));

        // when
        new PropertyRunner(noShrink).run("sums", first, 77);
        new PropertyRunner(noShrink).run("sums", second, 77);
        new PropertyRunner(noShrink).run("other", otherName, 77);

        // then
        assertThat(first.seen).isNotEmpty().isEqualTo(second.seen);
        assertThat(otherName.seen).isNotEqualTo(first.seen);
    }

    @Test
    void should_run_every_budgeted_example_when_the_property_holds() {
        // given
        Property<Long> holds = new Property<>() {
            @Override
            public Long generate(Choices choices) {
                return choices.draw(10);
            }

            @Override
            public Optional<Counterexample> check(Long example, Transcript transcript) {
                return Optional.empty();
            }
        };

        // when
        PropertyRunner.Report report = new PropertyRunner(BUDGET.withCases(37)).run("holds", holds, 1);

        // then
        assertThat(report.examples()).isEqualTo(37);
        assertThat(report.failure()).isEmpty();
    }

    @Test
    void should_keep_a_shrink_candidate_when_one_of_its_attempts_fails() {
        // given: "no list sums to 500 or more", checked by a flaky target that misses every other failure
        Property<List<Long>> flaky = new Property<>() {
            final SmallSums sums = new SmallSums();
            int checks;

            @Override
            public List<Long> generate(Choices choices) {
                return sums.generate(choices);
            }

            @Override
            public Optional<Counterexample> check(List<Long> example, Transcript transcript) {
                Optional<Counterexample> found = sums.check(example, transcript);
                return checks++ % 2 == 1 ? Optional.empty() : found;
            }
        };

        // when
        PropertyRunner.Report report = new PropertyRunner(BUDGET, 2).run("sums", flaky, 5);

        // then
        PropertyRunner.Failure failure = report.failure().orElseThrow();
        assertThat(failure.shrunk().message()).isEqualTo("sum 500");
        assertThat(failure.shrink().accepted()).isPositive();
    }
}
