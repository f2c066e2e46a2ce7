package org.couchtck.kit.generate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Minimises a recorded choice sequence while a failure still reproduces. Candidates delete spans of choices, zero
 * them, or lower single choices; one is kept only when the test still fails on it and what the test consumed is
 * smaller (shorter, or equally long and lexicographically smaller) than the current sequence, so shrinking always
 * ends. Deterministic: the same start and the same test give the same result, within the step and time bounds.
 */
public final class Shrinker {

    private static final int[] SPAN_SIZES = {8, 4, 2, 1};

    private final int maxSteps;
    private final Duration maxTime;

    /**
     * @param maxSteps the most candidates tried
     * @param maxTime the longest the shrinker runs; the best sequence so far is kept when it runs out
     */
    public Shrinker(int maxSteps, Duration maxTime) {
        this.maxSteps = maxSteps;
        this.maxTime = maxTime;
    }

    /** How a shrink went. */
    public record Result(List<Long> choices, int steps, int accepted, Duration elapsed, boolean exhausted) {
        public Result {
            choices = List.copyOf(choices);
        }
    }

    /**
     * Shrinks {@code start}, which must fail.
     *
     * @param test replays a candidate and, when it still fails, returns the choices the replay actually consumed;
     *     empty when the candidate passes
     */
    public Result shrink(List<Long> start, Function<List<Long>, Optional<List<Long>>> test) {
        Run run = new Run(start, test, System.nanoTime() + maxTime.toNanos());
        boolean improved = true;
        while (improved && !run.outOfBudget()) {
            improved = run.deleteSpans();
            improved |= run.zeroSpans();
            improved |= run.lowerValues();
        }
        return new Result(run.current, run.steps, run.accepted,
                Duration.ofNanos(System.nanoTime() - run.startedNanos), run.outOfBudget());
    }

    /** One shrink in progress. */
    private final class Run {
        final Function<List<Long>, Optional<List<Long>>> test;
        final long deadline;
        final long startedNanos = System.nanoTime();
        List<Long> current;
        int steps;
        int accepted;

        Run(List<Long> start, Function<List<Long>, Optional<List<Long>>> test, long deadline) {
            this.current = List.copyOf(start);
            this.test = test;
            this.deadline = deadline;
        }

        boolean outOfBudget() {
            return steps >= maxSteps || System.nanoTime() >= deadline;
        }

        boolean deleteSpans() {
            boolean improved = false;
            for (int size : SPAN_SIZES) {
                for (int i = current.size() - size; i >= 0 && !outOfBudget(); i--) {
                    if (i + size > current.size()) {
                        continue;
                    }
                    List<Long> candidate = new ArrayList<>(current.subList(0, i));
                    candidate.addAll(current.subList(i + size, current.size()));
                    improved |= tryCandidate(candidate);
                }
            }
            return improved;
        }

        boolean zeroSpans() {
            boolean improved = false;
            for (int size : SPAN_SIZES) {
                for (int i = 0; i + size <= current.size() && !outOfBudget(); i++) {
                    List<Long> span = current.subList(i, i + size);
                    if (span.stream().allMatch(v -> v == 0)) {
                        continue;
                    }
                    List<Long> candidate = new ArrayList<>(current);
                    for (int j = i; j < i + size; j++) {
                        candidate.set(j, 0L);
                    }
                    improved |= tryCandidate(candidate);
                }
            }
            return improved;
        }

        /** Lowers each choice to the smallest value that still fails, by bisection. */
        boolean lowerValues() {
            boolean improved = false;
            for (int i = 0; i < current.size() && !outOfBudget(); i++) {
                long low = 0;
                long high = current.get(i);
                while (low < high && i < current.size() && !outOfBudget()) {
                    long middle = low + (high - low) / 2;
                    List<Long> candidate = new ArrayList<>(current);
                    candidate.set(i, middle);
                    if (tryCandidate(candidate)) {
                        improved = true;
                        high = i < current.size() ? Math.min(middle, current.get(i)) : 0;
                    } else {
                        low = middle + 1;
                    }
                }
            }
            return improved;
        }

        boolean tryCandidate(List<Long> candidate) {
            steps++;
            Optional<List<Long>> consumed = test.apply(candidate);
            if (consumed.isPresent() && smaller(consumed.get(), current)) {
                current = List.copyOf(consumed.get());
                accepted++;
                return true;
            }
            return false;
        }
    }

    /** Shortlex order: shorter first, then lexicographically. */
    static boolean smaller(List<Long> a, List<Long> b) {
        if (a.size() != b.size()) {
            return a.size() < b.size();
        }
        for (int i = 0; i < a.size(); i++) {
            int order = Long.compare(a.get(i), b.get(i));
            if (order != 0) {
                return order < 0;
            }
        }
        return false;
    }
}
