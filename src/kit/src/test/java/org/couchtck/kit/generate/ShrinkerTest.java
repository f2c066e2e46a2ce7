package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class ShrinkerTest {

    private static final Shrinker SHRINKER = new Shrinker(10_000, Duration.ofSeconds(30));

    /** A list of numbers drawn with a continuation flag before each, as generators draw lists. */
    private static List<Long> numbers(Choices choices) {
        return choices.list(50, 80, c -> c.draw(1_000_000));
    }

    private static Function<List<Long>, Optional<Choices>> failsWhen(Predicate<List<Long>> failure) {
        return candidate -> {
            Choices replay = Choices.replay(candidate);
            return failure.test(numbers(replay)) ? Optional.of(replay) : Optional.empty();
        };
    }

    private static Choices failingStart(long seed, Predicate<List<Long>> failure) {
        for (long s = seed; ; s++) {
            Choices choices = Choices.random(s);
            if (failure.test(numbers(choices))) {
                return choices;
            }
        }
    }

    @Test
    void should_shrink_to_one_element_at_the_boundary_when_any_large_element_fails() {
        // given
        Predicate<List<Long>> failure = list -> list.stream().anyMatch(v -> v >= 1000);
        Choices start = failingStart(7, failure);

        // when
        Shrinker.Result result = SHRINKER.shrink(start, failsWhen(failure));

        // then
        assertThat(numbers(Choices.replay(result.choices()))).containsExactly(1000L);
        assertThat(result.accepted()).isPositive();
        assertThat(result.exhausted()).isFalse();
    }

    @Test
    void aFailureTheEmptyDrawKeepsIsReportedAfterOneCandidate() {
        // given: a failure whatever the list, as of a server that refuses the workload's very first request
        Predicate<List<Long>> failure = list -> true;
        Choices start = failingStart(11, list -> list.size() > 5);

        // when
        Shrinker.Result result = SHRINKER.shrink(start, failsWhen(failure));

        // then
        assertThat(numbers(Choices.replay(result.choices()))).isEmpty();
        assertThat(result.steps()).isEqualTo(1);
    }

    @Test
    void should_keep_two_elements_when_the_failure_needs_two() {
        // given
        Predicate<List<Long>> failure = list -> list.stream().filter(v -> v > 10).count() >= 2;
        Choices start = failingStart(3, failure);

        // when
        Shrinker.Result result = SHRINKER.shrink(start, failsWhen(failure));

        // then
        assertThat(numbers(Choices.replay(result.choices()))).containsExactly(11L, 11L);
    }

    @Test
    void should_lower_two_equal_choices_together_when_the_failure_needs_them_equal() {
        // given: the failure needs two equal elements above 100
        Predicate<List<Long>> failure = list -> list.size() == 2 && list.get(0).equals(list.get(1))
                && list.get(0) > 100;
        Choices start = Choices.replay(List.of(99L, 700_000L, 99L, 700_000L, 0L));
        assertThat(numbers(start)).containsExactly(700_000L, 700_000L);

        // when
        Shrinker.Result result = SHRINKER.shrink(start, failsWhen(failure));

        // then
        assertThat(numbers(Choices.replay(result.choices()))).containsExactly(101L, 101L);
    }

    @Test
    void should_give_the_same_result_when_run_twice() {
        // given
        Predicate<List<Long>> failure = list -> list.stream().mapToLong(Long::longValue).sum() > 5000;
        Choices start = failingStart(11, failure);

        // when
        Shrinker.Result first = SHRINKER.shrink(start, failsWhen(failure));
        Shrinker.Result second = SHRINKER.shrink(start, failsWhen(failure));

        // then
        assertThat(first.choices()).isEqualTo(second.choices());
        assertThat(first.steps()).isEqualTo(second.steps());
        assertThat(numbers(Choices.replay(first.choices())).stream().mapToLong(Long::longValue).sum())
                .isEqualTo(5001);
    }

    @Test
    void should_stop_at_the_step_bound_with_a_still_failing_sequence() {
        // given
        Predicate<List<Long>> failure = list -> list.size() >= 3;
        Choices start = failingStart(5, failure);
        Shrinker bounded = new Shrinker(3, Duration.ofSeconds(30));

        // when
        Shrinker.Result result = bounded.shrink(start, failsWhen(failure));

        // then
        assertThat(result.steps()).isEqualTo(3);
        assertThat(result.exhausted()).isTrue();
        assertThat(failure.test(numbers(Choices.replay(result.choices())))).isTrue();
    }

    @Test
    void should_order_shorter_sequences_first_then_lexicographically() {
        assertThat(Shrinker.smaller(List.of(9L), List.of(0L, 0L))).isTrue();
        assertThat(Shrinker.smaller(List.of(1L, 2L), List.of(1L, 3L))).isTrue();
        assertThat(Shrinker.smaller(List.of(1L, 3L), List.of(1L, 3L))).isFalse();
    }
}
