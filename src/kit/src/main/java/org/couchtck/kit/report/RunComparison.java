package org.couchtck.kit.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * What changed, case by case, between two runs ({@code couchtck compare A B}): cases fixed (FAIL or ERROR
 * before, PASS after), broken (PASS before, FAIL or ERROR after), otherwise changed, added and removed.
 * Cases are matched by id; ids are stable and never reused.
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
    private int unchanged;

    private RunComparison(RunResult before, RunResult after) {
        this.before = before;
        this.after = after;
    }

    /** Compares {@code before} with {@code after}; changes are listed in the later run's order. */
    public static RunComparison compare(RunResult before, RunResult after) {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        RunComparison comparison = new RunComparison(before, after);
        Map<String, CaseResult> earlier = byId(before);
        Map<String, CaseResult> later = byId(after);
        for (CaseResult now : later.values()) {
            CaseResult then = earlier.get(now.caseId());
            if (then == null) {
                comparison.added.add(new Change(now.caseId(), null, now.verdict(), now.message()));
            } else {
                comparison.classify(then.verdict(), now);
            }
        }
        for (CaseResult then : earlier.values()) {
            if (!later.containsKey(then.caseId())) {
                comparison.removed.add(new Change(then.caseId(), then.verdict(), null, then.message()));
            }
        }
        return comparison;
    }

    private void classify(Verdict then, CaseResult now) {
        Change change = new Change(now.caseId(), then, now.verdict(), now.message());
        if (then == now.verdict()) {
            unchanged++;
        } else if (isFailure(then) && now.verdict() == Verdict.PASS) {
            fixed.add(change);
        } else if (then == Verdict.PASS && isFailure(now.verdict())) {
            broken.add(change);
        } else {
            changed.add(change);
        }
    }

    private static boolean isFailure(Verdict verdict) {
        return verdict == Verdict.FAIL || verdict == Verdict.ERROR;
    }

    private static Map<String, CaseResult> byId(RunResult run) {
        Map<String, CaseResult> byId = new LinkedHashMap<>();
        for (CaseResult result : run.cases()) {
            byId.putIfAbsent(result.caseId(), result);
        }
        return byId;
    }

    /** Cases that failed or errored before and pass now. */
    public List<Change> fixed() {
        return List.copyOf(fixed);
    }

    /** Cases that passed before and fail or error now: the regressions. */
    public List<Change> broken() {
        return List.copyOf(broken);
    }

    /** Cases whose verdict changed in any other way (e.g. FAIL to ERROR, PASS to WARN, FAIL to KNOWN). */
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

    /** How many cases both runs have with the same verdict. */
    public int unchanged() {
        return unchanged;
    }

    /** Whether a case that passed before now fails or errors. */
    public boolean hasRegressions() {
        return !broken.isEmpty();
    }

    /** The comparison as Markdown: a headline, counts, then one table per non-empty category. */
    public String toMarkdown() {
        StringBuilder md = new StringBuilder();
        md.append("## couchtck compare: ").append(hasRegressions() ? "❌ regressions" : "✅ no regressions")
                .append("\n\n")
                .append("Before ").append(MarkdownText.code(before.runId())).append(" (")
                .append(before.cases().size()).append(" cases), after ").append(MarkdownText.code(after.runId()))
                .append(" (").append(after.cases().size()).append(" cases).  \n")
                .append(broken.size()).append(" broken · ").append(fixed.size()).append(" fixed · ")
                .append(changed.size()).append(" changed · ").append(added.size()).append(" added · ")
                .append(removed.size()).append(" removed · ").append(unchanged).append(" unchanged\n");
        table(md, "Broken", broken);
        table(md, "Fixed", fixed);
        table(md, "Changed", changed);
        table(md, "Added", added);
        table(md, "Removed", removed);
        return md.toString();
    }

    private static void table(StringBuilder md, String title, List<Change> changes) {
        if (changes.isEmpty()) {
            return;
        }
        md.append("\n### ").append(title).append(" (").append(changes.size()).append(")\n\n")
                .append("| Case | Before | After | Message |\n|---|---|---|---|\n");
        for (Change change : changes) {
            md.append("| ").append(MarkdownText.inline(change.caseId(), 200)).append(" | ")
                    .append(change.before() == null ? "—" : change.before().name()).append(" | ")
                    .append(change.after() == null ? "—" : change.after().name()).append(" | ")
                    .append(MarkdownText.inline(change.message(), 160)).append(" |\n");
        }
    }
}
