package org.couchtck.kit.report;

import java.util.List;
import java.util.Locale;
import org.couchtck.kit.report.RunComparison.Change;

/** A comparison as GitHub-flavoured Markdown: headline, counts, then a table per non-empty part, regressions first. */
public final class ComparisonMarkdown {

    private ComparisonMarkdown() {}

    public static String render(RunComparison comparison) {
        StringBuilder md = new StringBuilder();
        RunResult before = comparison.before();
        RunResult after = comparison.after();
        md.append("## couchtck compare: ").append(comparison.hasRegressions() ? "❌ regressions" : "✅ no regressions")
                .append("\n\n")
                .append("Before ").append(MarkdownText.code(before.runId())).append(" (")
                .append(before.cases().size()).append(" cases), after ").append(MarkdownText.code(after.runId()))
                .append(" (").append(after.cases().size()).append(" cases).  \n")
                .append(comparison.broken().size()).append(" newly failing · ")
                .append(comparison.changed().size()).append(" changed · ")
                .append(comparison.fixed().size()).append(" fixed · ")
                .append(comparison.added().size()).append(" added · ")
                .append(comparison.removed().size()).append(" removed · ")
                .append(comparison.unchanged()).append(" unchanged (")
                .append(comparison.drift().size()).append(" with reply drift, ")
                .append(comparison.inputsDiffer()).append(" generated from other inputs, not compared) · ")
                .append(comparison.timing().size()).append(" sections with timing changes\n");
        changes(md, "Newly failing", comparison.broken());
        changes(md, "Changed", comparison.changed());
        changes(md, "Fixed", comparison.fixed());
        changes(md, "Added", comparison.added());
        changes(md, "Removed", comparison.removed());
        drift(md, comparison.drift());
        timing(md, comparison.timing());
        return md.toString();
    }

    private static void changes(StringBuilder md, String title, List<Change> changes) {
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

    private static void drift(StringBuilder md, List<ReplyDrift> drift) {
        if (drift.isEmpty()) {
            return;
        }
        md.append("\n### Reply drift (").append(drift.size()).append(")\n\n")
                .append("Same verdict, other replies.\n\n")
                .append("| Case | Reply | Where | Before | After |\n|---|---|---|---|---|\n");
        for (ReplyDrift d : drift) {
            md.append("| ").append(MarkdownText.inline(d.caseId(), 200)).append(" | ").append(d.reply())
                    .append(" | ").append(MarkdownText.inline(d.path(), 80)).append(" | ")
                    .append(MarkdownText.inline(d.before(), 120)).append(" | ")
                    .append(MarkdownText.inline(d.after(), 120)).append(" |\n");
        }
    }

    private static void timing(StringBuilder md, List<SectionTiming> timing) {
        if (timing.isEmpty()) {
            return;
        }
        md.append("\n### Timing (").append(timing.size()).append(")\n\n")
                .append("Sections whose cases took at least ").append(SectionTiming.RATIO)
                .append("× longer or shorter, and ").append(SectionTiming.FLOOR.toMillis())
                .append(" ms or more; never a regression.\n\n")
                .append("| Section | Cases | Before | After | Ratio |\n|---|---|---|---|---|\n");
        for (SectionTiming t : timing) {
            md.append("| ").append(MarkdownText.inline(t.section(), 80)).append(" | ").append(t.cases()).append(" | ")
                    .append(DurationText.human(t.before())).append(" | ").append(DurationText.human(t.after()))
                    .append(" | ").append(String.format(Locale.ROOT, "%.2f×", t.ratio())).append(" |\n");
        }
    }
}
