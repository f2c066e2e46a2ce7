package org.couchtck.kit.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.run.Baseline;

/**
 * What changed between two runs ({@code couchtck compare A B}), as a release manager asks it: cases newly failing
 * (the regressions), other verdict changes, cases fixed, cases that appeared or disappeared, replies that drifted in
 * cases whose verdict held, and sections whose time changed beyond noise. Cases are matched by id; ids are stable
 * and never reused.
 *
 * <p>A regression is a case that fails a run now (FAIL or ERROR) and did not before. KNOWN means what it means to
 * {@code couchtck run --baseline}: a failure the baseline accepts, so a case that becomes KNOWN is a change, not a
 * regression. Given a baseline, the comparison applies it to both runs as {@code run} would have; without one,
 * each run's own KNOWN and STALE verdicts stand.
 */
public final class RunComparison {

    /**
     * One case that differs between the runs.
     *
     * @param caseId the case id
     * @param before its verdict in the earlier run, null when the case was added
     * @param after its verdict in the later run, null when the case was removed
     * @param message the later run's message (the earlier one's for removed cases)
     */
    public record Change(String caseId, Verdict before, Verdict after, String message) {}

    private final RunResult before;
    private final RunResult after;
    private final List<Change> fixed = new ArrayList<>();
    private final List<Change> broken = new ArrayList<>();
    private final List<Change> changed = new ArrayList<>();
    private final List<Change> added = new ArrayList<>();
    private final List<Change> removed = new ArrayList<>();
    private final List<ReplyDrift> drift = new ArrayList<>();
    private final List<SectionTiming> timing = new ArrayList<>();
    private int unchanged;
    private int inputsDiffer;

    private RunComparison(RunResult before, RunResult after) {
        this.before = before;
        this.after = after;
    }

    /** Compares {@code before} with {@code after} as each run judged itself. */
    public static RunComparison compare(RunResult before, RunResult after) {
        return compare(before, after, Optional.empty());
    }

    /**
     * Compares {@code before} with {@code after}; with a baseline, both runs' verdicts are first taken back to what
     * the target did (KNOWN to the failure it stood for, STALE to PASS) and the baseline applied to them.
     */
    public static RunComparison compare(RunResult before, RunResult after, Optional<Baseline> baseline) {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        UnaryOperator<CaseResult> judge = baseline.<UnaryOperator<CaseResult>>map(b -> c -> b.apply(raw(c)))
                .orElse(UnaryOperator.identity());
        RunComparison comparison = new RunComparison(before, after);
        Map<String, CaseResult> earlier = byId(before, judge);
        Map<String, CaseResult> later = byId(after, judge);
        for (CaseResult now : later.values()) {
            CaseResult then = earlier.get(now.caseId());
            if (then == null) {
                comparison.added.add(new Change(now.caseId(), null, now.verdict(), now.message()));
            } else {
                comparison.classify(then, now);
            }
        }
        for (CaseResult then : earlier.values()) {
            if (!later.containsKey(then.caseId())) {
                comparison.removed.add(new Change(then.caseId(), then.verdict(), null, then.message()));
            }
        }
        // Newly failing first among the other changes too: a case that now warns or is accepted as KNOWN.
        comparison.changed.sort(Comparator.comparing(c -> !worse(c)));
        comparison.timing.addAll(sectionTimings(earlier, later));
        return comparison;
    }

    /** What the target did, before a baseline judged it: a KNOWN case failed as its level says, a STALE one passed. */
    private static CaseResult raw(CaseResult result) {
        return switch (result.verdict()) {
            case KNOWN -> result.withBaseline(result.level() == null ? Verdict.FAIL : Verdict.broken(result.level()), "");
            case STALE -> result.withBaseline(Verdict.PASS, "");
            default -> result;
        };
    }

    private void classify(CaseResult then, CaseResult now) {
        Change change = new Change(now.caseId(), then.verdict(), now.verdict(), now.message());
        if (then.verdict() == now.verdict()) {
            unchanged++;
            if (then.verdict() != Verdict.NA) {
                ReplyDrift.Check check = ReplyDrift.between(then, now);
                check.drift().ifPresent(drift::add);
                if (check.outcome() == ReplyDrift.Outcome.INPUTS_DIFFER) {
                    inputsDiffer++;
                }
            }
        } else if (isFailure(now.verdict()) && !isFailure(then.verdict())) {
            broken.add(change);
        } else if (isFailure(then.verdict()) && now.verdict() == Verdict.PASS) {
            fixed.add(change);
        } else {
            changed.add(change);
        }
    }

    private static boolean worse(Change change) {
        return change.before() == Verdict.PASS || change.before() == Verdict.NA || change.before() == Verdict.STALE;
    }

    private static boolean isFailure(Verdict verdict) {
        return verdict == Verdict.FAIL || verdict == Verdict.ERROR;
    }

    private static List<SectionTiming> sectionTimings(Map<String, CaseResult> earlier, Map<String, CaseResult> later) {
        Map<String, Duration[]> sums = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (CaseResult now : later.values()) {
            CaseResult then = earlier.get(now.caseId());
            if (then == null || then.verdict() == Verdict.NA || now.verdict() == Verdict.NA) {
                continue;
            }
            String section = RunSections.qualifiedNameOf(now);
            Duration[] sum = sums.computeIfAbsent(section, s -> new Duration[] {Duration.ZERO, Duration.ZERO});
            sum[0] = sum[0].plus(then.duration());
            sum[1] = sum[1].plus(now.duration());
            counts.merge(section, 1, Integer::sum);
        }
        List<SectionTiming> changes = new ArrayList<>();
        sums.forEach((section, sum) -> {
            SectionTiming timing = new SectionTiming(section, counts.get(section), sum[0], sum[1]);
            if (timing.beyondNoise()) {
                changes.add(timing);
            }
        });
        changes.sort(Comparator.comparingDouble(SectionTiming::ratio).reversed());
        return changes;
    }

    private static Map<String, CaseResult> byId(RunResult run, UnaryOperator<CaseResult> judge) {
        Map<String, CaseResult> byId = new LinkedHashMap<>();
        for (CaseResult result : run.cases()) {
            byId.putIfAbsent(result.caseId(), judge.apply(result));
        }
        return byId;
    }

    /** The earlier run. */
    public RunResult before() {
        return before;
    }

    /** The later run. */
    public RunResult after() {
        return after;
    }

    /** Cases that failed or errored before and pass now. */
    public List<Change> fixed() {
        return List.copyOf(fixed);
    }

    /** Cases that fail or error now and did not before: the regressions. */
    public List<Change> broken() {
        return List.copyOf(broken);
    }

    /**
     * Cases whose verdict changed in any other way (PASS to WARN or KNOWN first, then e.g. FAIL to ERROR, FAIL to
     * KNOWN, KNOWN to STALE).
     */
    public List<Change> changed() {
        return List.copyOf(changed);
    }

    /** Cases only the later run has. */
    public List<Change> added() {
        return List.copyOf(added);
    }

    /** Cases only the earlier run has. */
    public List<Change> removed() {
        return List.copyOf(removed);
    }

    /** Cases with the same verdict in both runs whose replies differ, in the later run's order. */
    public List<ReplyDrift> drift() {
        return List.copyOf(drift);
    }

    /** Sections whose time changed beyond noise, slowest-growing first. */
    public List<SectionTiming> timing() {
        return List.copyOf(timing);
    }

    /** How many cases both runs have with the same verdict. */
    public int unchanged() {
        return unchanged;
    }

    /** How many cases with the same verdict sent different requests (generated cases of another seed): not compared. */
    public int inputsDiffer() {
        return inputsDiffer;
    }

    /** Whether a case fails or errors now that did not before. */
    public boolean hasRegressions() {
        return !broken.isEmpty();
    }
}
