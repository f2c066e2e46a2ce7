package org.couchtck.kit.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * Writes {@code summary.md}, short enough for a CI job summary ({@code $GITHUB_STEP_SUMMARY}): the outcome and
 * totals, a table of verdicts per section, and the failing, erroring and stale cases with one-line reasons.
 */
public final class MarkdownSummaryWriter {

    /** How many failing cases are listed before "… and N more". */
    static final int MAX_LISTED = 50;
    private static final int MAX_REASON = 160;

    private MarkdownSummaryWriter() {}

    /** Writes the summary of {@code run} to {@code file}, replacing it. */
    public static void write(RunResult run, Path file) throws IOException {
        Files.writeString(file, render(run));
    }

    /** The summary of {@code run} as Markdown. */
    public static String render(RunResult run) {
        StringBuilder md = new StringBuilder();
        RunResult.TargetInfo target = run.target();
        md.append("## couchtck: ").append((run.passed() ? "✅ " : "❌ ") + run.outcome()).append(" — ")
                .append(MarkdownText.inline(target.name() == null ? "unknown target" : target.name(), 80))
                .append("\n\n");
        md.append(totalsLine(run)).append("  \n")
                .append(Matrix.MustScore.of(run.cases()).coverageLine()).append("  \n")
                .append("Language ").append(MarkdownText.inline(orUnknown(target.language()), 40))
                .append(", CouchDB ").append(MarkdownText.inline(orUnknown(target.couchDbVersion()), 40))
                .append(", profile ").append(MarkdownText.inline(orUnknown(target.profile()), 40))
                .append(target.endpoint() == null ? "" : ", endpoint " + MarkdownText.inline(target.endpoint(), 80))
                .append(", run ").append(MarkdownText.code(run.runId()))
                .append(", ").append(DurationText.human(run.duration())).append(".\n\n");
        sectionTable(md, RunSections.of(run));
        failingCases(md, run);
        outages(md, run);
        return md.toString();
    }

    private static void outages(StringBuilder md, RunResult run) {
        if (run.outages().isEmpty()) {
            return;
        }
        md.append("\n### Endpoint outages (").append(run.outages().size()).append(")\n\n")
                .append(MarkdownText.inline(OutageLines.heading(run), 300)).append("\n\n");
        List<OutageLines.Entry> entries = OutageLines.entries(run);
        for (OutageLines.Entry entry : entries.subList(0, Math.min(MAX_LISTED, entries.size()))) {
            md.append("- ").append(entry.causes().size() == 1 ? MarkdownText.code(entry.causes().get(0))
                    : MarkdownText.inline(entry.who(), 200))
                    .append(" — ").append(MarkdownText.inline(entry.what() + " (" + entry.numbered() + ")"
                            + (entry.detail().isEmpty() ? "" : "; " + entry.detail()), MAX_REASON)).append('\n');
        }
        if (entries.size() > MAX_LISTED) {
            md.append("- … and ").append(entries.size() - MAX_LISTED).append(" more (see report.html)\n");
        }
    }

    /** "**120 cases**: 110 pass · 3 fail · …", every verdict present. */
    static String totalsLine(RunResult run) {
        StringBuilder line = new StringBuilder("**").append(run.cases().size()).append(" cases**: ");
        String separator = "";
        for (Map.Entry<Verdict, Integer> count : run.counts().entrySet()) {
            line.append(separator).append(count.getValue()).append(' ').append(VerdictStyle.label(count.getKey()));
            separator = " · ";
        }
        return line.toString();
    }

    private static void sectionTable(StringBuilder md, List<RunSections.Section> sections) {
        md.append("| Section |");
        for (Verdict verdict : Verdict.values()) {
            md.append(' ').append(VerdictStyle.label(verdict)).append(" |");
        }
        md.append("\n|---|").append("---:|".repeat(Verdict.values().length)).append('\n');
        for (RunSections.Section section : sections) {
            md.append("| ").append(MarkdownText.inline(section.name(), 60)).append(" |");
            Map<Verdict, Integer> counts = section.counts();
            for (Verdict verdict : Verdict.values()) {
                md.append(' ').append(counts.get(verdict)).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    private static void failingCases(StringBuilder md, RunResult run) {
        List<CaseResult> failing = run.cases().stream().filter(c -> c.verdict().failsRun()).toList();
        if (failing.isEmpty()) {
            md.append("No failing, erroring or stale cases.\n");
            return;
        }
        md.append("### Failing cases (").append(failing.size()).append(")\n\n");
        for (CaseResult result : failing.subList(0, Math.min(MAX_LISTED, failing.size()))) {
            md.append("- **").append(result.verdict().name()).append("** ").append(MarkdownText.code(result.caseId()))
                    .append(" — ").append(MarkdownText.inline(reason(result), MAX_REASON)).append('\n');
        }
        if (failing.size() > MAX_LISTED) {
            md.append("- … and ").append(failing.size() - MAX_LISTED).append(" more (see report.html)\n");
        }
    }

    private static String reason(CaseResult result) {
        if (result.verdict() == Verdict.STALE) {
            return "baseline entry now passes; remove it (" + result.baselineReason() + ")";
        }
        return result.message().isBlank() ? "no message" : result.message();
    }

    private static String orUnknown(String value) {
        return value == null ? "unknown" : value;
    }
}
