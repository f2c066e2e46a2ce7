package org.couchtck.kit.generate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Minimises a recorded choice sequence while a failure still reproduces. Candidates delete whole list elements (the
 * {@link Choices.Span}s the generators recorded), delete or zero runs of choices, or lower single choices; one is
 * kept only when the test still fails on it and what the test consumed is smaller (shorter, or equally long and
 * lexicographically smaller) than the current sequence, so shrinking always ends. The empty sequence is tried first: a
 * failure it keeps needs no more candidates. Deterministic: the same start and the same test give the same result,
 * within the step and time bounds.
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
     * @param start the failing sequence, as drawn
     * @param test replays a candidate and, when it still fails, returns the replayed choices (what the replay
     *     actually consumed, and its list elements); empty when the candidate passes
     */
    public Result shrink(Choices start, Function<List<Long>, Optional<Choices>> test) {
        Run run = new Run(start, test, System.nanoTime() + maxTime.toNanos());
        // A failure that the smallest draw (no choices: every generator at its simplest, an empty workload) keeps is
        // as small as it gets: said at once, not after minutes of candidates that cannot do better.
        if (!run.current.isEmpty() && run.tryCandidate(List.of())) {
            return new Result(run.current, run.steps, run.accepted,
                    Duration.ofNanos(System.nanoTime() - run.startedNanos), false);
        }
        boolean improved = true;
        while (improved && !run.outOfBudget()) {
            improved = run.deleteElements();
            improved |= run.deleteSpans();
            improved |= run.zeroSpans();
            improved |= run.lowerValues();
            improved |= run.lowerEqualValues();
        }
        return new Result(run.current, run.steps, run.accepted,
                Duration.ofNanos(System.nanoTime() - run.startedNanos), run.outOfBudget());
    }

    /** One shrink in progress. */
    private final class Run {
        final Function<List<Long>, Optional<Choices>> test;
        final long deadline;
        final long startedNanos = System.nanoTime();
        List<Long> current;
        List<Choices.Span> elements;
        int steps;
        int accepted;

        Run(Choices start, Function<List<Long>, Optional<Choices>> test, long deadline) {
            this.current = start.recorded();
            this.elements = start.spans();
            this.test = test;
            this.deadline = deadline;
        }

        /** Deletes list elements, later ones first, so that earlier spans keep their positions. */
        boolean deleteElements() {
            boolean improved = false;
            int i = elements.size() - 1;
            while (i >= 0 && !outOfBudget()) {
                Choices.Span span = elements.get(i);
                if (span.end() <= current.size()) {
                    List<Long> candidate = new ArrayList<>(current.subList(0, span.start()));
                    candidate.addAll(current.subList(span.end(), current.size()));
                    if (tryCandidate(candidate)) {
                        improved = true;
                        i = Math.min(i, elements.size());
                    }
                }
                i--;
            }
            return improved;
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

        /**
         * Lowers all the choices that share a value together: a field a function reads and the document's field of
         * the same name come from equal choices, and only lowering both keeps the failure.
         */
        boolean lowerEqualValues() {
            boolean improved = false;
            for (long value : new TreeSet<>(current).descendingSet()) {
                List<Integer> at = new ArrayList<>();
                for (int i = 0; i < current.size(); i++) {
                    if (current.get(i) == value) {
                        at.add(i);
                    }
                }
                if (value == 0 || at.size() < 2) {
                    continue;
                }
                long low = 0;
                long high = value;
                while (low < high && !outOfBudget()) {
                    long middle = low + (high - low) / 2;
                    List<Long> candidate = new ArrayList<>(current);
                    at.stream().filter(i -> i < candidate.size()).forEach(i -> candidate.set(i, middle));
                    if (tryCandidate(candidate)) {
                        improved = true;
                        break;
                    }
                    low = middle + 1;
                }
            }
            return improved;
        }

        boolean tryCandidate(List<Long> candidate) {
            steps++;
            Optional<Choices> replayed = test.apply(candidate);
            if (replayed.isPresent() && smaller(replayed.get().recorded(), current)) {
                current = replayed.get().recorded();
                elements = replayed.get().spans();
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
