package org.couchtck.kit.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunComparison.Change;

/** A comparison as one self-contained HTML page (inline CSS, no script): the same parts as the Markdown. */
public final class ComparisonHtml {

    private static final String CSS = """
            body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1em 2em;color:#222}
            h1 .outcome{font-size:.6em;vertical-align:middle}
            table{border-collapse:collapse;width:100%;margin:.5em 0 1.5em}
            th,td{border-bottom:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}
            td.reply{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all}
            .badge{display:inline-block;border-radius:3px;padding:0 .4em;color:#fff;font-weight:600}
            .muted{color:#777}
            """;

    private ComparisonHtml() {}

    public static void write(RunComparison comparison, Path file) throws IOException {
        Files.writeString(file, render(comparison));
    }

    public static String render(RunComparison comparison) {
        StringBuilder html = new StringBuilder(8_192);
        RunResult before = comparison.before();
        RunResult after = comparison.after();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>couchtck compare ")
                .append(Html.escape(before.runId())).append(" → ").append(Html.escape(after.runId()))
                .append("</title>\n<style>\n").append(CSS).append(VerdictStyle.css()).append("</style>\n</head>\n<body>\n")
                .append("<h1>couchtck compare <span class=\"badge outcome v-")
                .append(comparison.hasRegressions() ? "FAIL\">regressions" : "PASS\">no regressions")
                .append("</span></h1>\n<p>Before <code>").append(Html.escape(before.runId())).append("</code> (")
                .append(Html.escape(before.target().name())).append(", ").append(before.cases().size())
                .append(" cases), after <code>").append(Html.escape(after.runId())).append("</code> (")
                .append(Html.escape(after.target().name())).append(", ").append(after.cases().size())
                .append(" cases). ").append(comparison.unchanged()).append(" cases kept their verdict; ")
                .append(comparison.inputsDiffer())
                .append(" of them were generated from other inputs and their replies not compared.</p>\n");
        changes(html, "newly-failing", "Newly failing", comparison.broken());
        changes(html, "changed", "Changed", comparison.changed());
        changes(html, "fixed", "Fixed", comparison.fixed());
        changes(html, "added", "Added", comparison.added());
        changes(html, "removed", "Removed", comparison.removed());
        drift(html, comparison.drift());
        timing(html, comparison.timing());
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    private static void changes(StringBuilder html, String id, String title, List<Change> changes) {
        html.append("<section id=\"").append(id).append("\">\n<h2>").append(title).append(" (")
                .append(changes.size()).append(")</h2>\n");
        if (changes.isEmpty()) {
            html.append("<p class=\"muted\">None.</p>\n</section>\n");
            return;
        }
        html.append("<table><thead><tr><th>Case</th><th>Before</th><th>After</th><th>Message</th></tr></thead><tbody>\n");
        for (Change change : changes) {
            html.append("<tr><td><code>").append(Html.escape(change.caseId())).append("</code></td><td>")
                    .append(badge(change.before())).append("</td><td>").append(badge(change.after()))
                    .append("</td><td>").append(Html.escape(SafeText.oneLine(change.message(), 300)))
                    .append("</td></tr>\n");
        }
        html.append("</tbody></table>\n</section>\n");
    }

    private static String badge(Verdict verdict) {
        return verdict == null ? "<span class=\"muted\">—</span>"
                : "<span class=\"badge v-" + verdict.name() + "\">" + verdict.name() + "</span>";
    }

    private static void drift(StringBuilder html, List<ReplyDrift> drift) {
        html.append("<section id=\"drift\">\n<h2>Reply drift (").append(drift.size()).append(")</h2>\n");
        if (drift.isEmpty()) {
            html.append("<p class=\"muted\">No case with the same verdict replied differently.</p>\n</section>\n");
            return;
        }
        html.append("<table><thead><tr><th>Case</th><th>Reply</th><th>Where</th><th>Before</th><th>After</th>")
                .append("</tr></thead><tbody>\n");
        for (ReplyDrift d : drift) {
            html.append("<tr><td><code>").append(Html.escape(d.caseId())).append("</code></td><td>").append(d.reply())
                    .append("</td><td><code>").append(Html.escape(SafeText.oneLine(d.path(), 120)))
                    .append("</code></td><td class=\"reply\">").append(Html.escape(SafeText.cap(d.before(), 2_000)))
                    .append("</td><td class=\"reply\">").append(Html.escape(SafeText.cap(d.after(), 2_000)))
                    .append("</td></tr>\n");
        }
        html.append("</tbody></table>\n</section>\n");
    }

    private static void timing(StringBuilder html, List<SectionTiming> timing) {
        html.append("<section id=\"timing\">\n<h2>Timing (").append(timing.size()).append(")</h2>\n<p class=\"muted\">")
                .append("Sections whose cases took at least ").append(SectionTiming.RATIO)
                .append("× longer or shorter, and ").append(SectionTiming.FLOOR.toMillis())
                .append(" ms or more; never a regression.</p>\n");
        if (!timing.isEmpty()) {
            html.append("<table><thead><tr><th>Section</th><th>Cases</th><th>Before</th><th>After</th><th>Ratio</th>")
                    .append("</tr></thead><tbody>\n");
            for (SectionTiming t : timing) {
                html.append("<tr><td>").append(Html.escape(t.section())).append("</td><td>").append(t.cases())
                        .append("</td><td>").append(DurationText.human(t.before())).append("</td><td>")
                        .append(DurationText.human(t.after())).append("</td><td>")
                        .append(String.format(Locale.ROOT, "%.2f×", t.ratio())).append("</td></tr>\n");
            }
            html.append("</tbody></table>\n");
        }
        html.append("</section>\n");
    }
}
