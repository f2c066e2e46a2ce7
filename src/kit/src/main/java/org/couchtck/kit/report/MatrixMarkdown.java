package org.couchtck.kit.report;

import java.util.List;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * {@code matrix.md}: per-target totals, then only the cases where the targets disagree or one fails, so the table
 * stays readable in a CI job summary; the HTML page has every case.
 */
public final class MatrixMarkdown {

    /** Rows listed at most; the rest are counted. */
    static final int MAX_ROWS = 300;

    private MatrixMarkdown() {}

    public static String render(Matrix matrix) {
        StringBuilder md = new StringBuilder();
        md.append("## couchtck matrix\n\n| Target | MUST | PASS | FAIL | WARN | NA | ERROR | KNOWN | STALE | Run |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Matrix.Target target : matrix.targets()) {
            md.append("| ").append(MarkdownText.inline(target.name(), 80)).append(" | ");
            if (target.run().isEmpty()) {
                md.append("unavailable: ").append(MarkdownText.inline(target.unavailable(), 200))
                        .append(" | | | | | | | | |\n");
                continue;
            }
            RunResult run = target.run().get();
            Matrix.MustScore must = target.mustScore();
            md.append(must.passed()).append('/').append(must.applicable())
                    .append(must.complete() ? "" : " (" + must.applicable() + " of " + must.ofProfile() + " applicable)");
            for (Verdict verdict : Verdict.values()) {
                md.append(" | ").append(run.counts().get(verdict));
            }
            md.append(" | ").append(run.passed() ? "✅ passed" : "❌ failed").append(" |\n");
        }
        List<Matrix.Row> notable = matrix.rows().stream().filter(r -> r.anyFails() || r.disagrees()).toList();
        md.append("\n### Cases where targets fail or disagree (").append(notable.size()).append(" of ")
                .append(matrix.rows().size()).append(")\n\n");
        if (notable.isEmpty()) {
            md.append("None: every target reached the same verdict on every case, and none failed.\n");
            return md.toString();
        }
        md.append("| Case | Level |");
        matrix.targets().forEach(t -> md.append(' ').append(MarkdownText.inline(t.name(), 40)).append(" |"));
        md.append("\n|---|---|").append("---|".repeat(matrix.targets().size())).append('\n');
        for (Matrix.Row row : notable.subList(0, Math.min(MAX_ROWS, notable.size()))) {
            md.append("| ").append(MarkdownText.inline(row.caseId(), 120)).append(" | ")
                    .append(row.level() == null ? "" : row.level().name()).append(" |");
            for (CaseResult cell : row.cells()) {
                md.append(' ').append(cell == null ? "—" : cell.verdict().name()).append(" |");
            }
            md.append('\n');
        }
        if (notable.size() > MAX_ROWS) {
            md.append("\n… and ").append(notable.size() - MAX_ROWS).append(" more in matrix.html.\n");
        }
        return md.toString();
    }
}
