package org.couchtck.kit.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * Writes {@code report.html}: one self-contained page (inline CSS and SVG, no script, no external asset) with
 * the run's header and totals, a per-section chart, the failures first, then every case by section with its
 * evidence and transcript folded in {@code <details>}. All text from the run is escaped.
 */
public final class HtmlReportWriter {

    private static final String CSS_RESOURCE = "report.css";
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'");

    private HtmlReportWriter() {}

    /** Writes the report of {@code run} to {@code file}, replacing it. */
    public static void write(RunResult run, Path file) throws IOException {
        Files.writeString(file, render(run));
    }

    /** The report of {@code run} as one HTML document. */
    public static String render(RunResult run) {
        List<RunSections.Section> sections = RunSections.of(run);
        StringBuilder html = new StringBuilder(16_384);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>couchtck report ").append(Html.escape(run.runId())).append("</title>\n")
                .append("<style>\n").append(ReportResource.text(CSS_RESOURCE)).append(VerdictStyle.css())
                .append("</style>\n</head>\n<body>\n");
        header(html, run);
        html.append("<main>\n<section id=\"sections\">\n<h2>By section</h2>\n")
                .append(SectionChart.svg(sections)).append("</section>\n");
        failures(html, run);
        outages(html, run);
        allCases(html, sections);
        html.append("</main>\n<footer>Written by couchtck ").append(Html.escape(String.valueOf(run.kitVersion())))
                .append(". Full evidence of every case is in results.json beside this file.</footer>\n")
                .append("</body>\n</html>\n");
        return html.toString();
    }

    private static void header(StringBuilder html, RunResult run) {
        RunResult.TargetInfo target = run.target();
        html.append("<header>\n<h1>couchtck conformance report <span class=\"badge outcome v-")
                .append(run.passed() ? "PASS\">PASSED" : "FAIL\">" + Html.escape(run.outcome().toUpperCase(java.util.Locale.ROOT)))
                .append("</span></h1>\n<dl class=\"meta\">");
        meta(html, "Target", target.name());
        meta(html, "Command", target.command());
        if (target.endpoint() != null) {
            meta(html, "Endpoint", target.endpoint());
        }
        meta(html, "Language", target.language());
        meta(html, "CouchDB version", target.couchDbVersion());
        meta(html, "Profile", target.profile());
        meta(html, "Kit version", run.kitVersion());
        meta(html, "Run", run.runId());
        meta(html, "Started", DATE.format(run.started().atOffset(ZoneOffset.UTC)));
        meta(html, "Duration", DurationText.human(run.duration()));
        meta(html, "Cases", String.valueOf(run.cases().size()));
        html.append("</dl>\n<div class=\"totals\">");
        for (Map.Entry<Verdict, Integer> count : run.counts().entrySet()) {
            html.append("<span class=\"badge v-").append(count.getKey().name()).append("\">")
                    .append(count.getKey().name()).append(' ').append(count.getValue()).append("</span>");
        }
        Matrix.MustScore must = Matrix.MustScore.of(run.cases());
        html.append("</div>\n<p class=\"coverage").append(must.complete() ? "" : " incomplete").append("\">")
                .append(Html.escape(must.coverageLine())).append("</p>\n</header>\n");
    }

    private static void meta(StringBuilder html, String name, String value) {
        html.append("<dt>").append(name).append("</dt><dd>")
                .append(value == null ? "<span class=\"muted\">unknown</span>" : Html.escape(value)).append("</dd>");
    }

    private static void failures(StringBuilder html, RunResult run) {
        List<CaseResult> failing = run.cases().stream().filter(c -> c.verdict().failsRun()).toList();
        html.append("<section id=\"failures\">\n<h2>Failures (").append(failing.size()).append(")</h2>\n");
        if (failing.isEmpty()) {
            html.append("<p>No case failed, errored or went stale.</p>\n</section>\n");
            return;
        }
        html.append("<table class=\"failures\"><thead><tr><th>Case</th><th>Section</th><th>Level</th>")
                .append("<th>Verdict</th><th>Why</th></tr></thead><tbody>\n");
        for (CaseResult result : failing) {
            html.append("<tr class=\"failure\"><td class=\"id\"><a href=\"#")
                    .append(Html.anchor("case", result.caseId())).append("\"><code>")
                    .append(Html.escape(result.caseId())).append("</code></a></td><td>")
                    .append(Html.escape(RunSections.nameOf(result))).append("</td><td>")
                    .append(result.level() == null ? "" : result.level().name()).append("</td><td>")
                    .append(CaseHtml.badge(result)).append("</td><td>")
                    .append(Html.escape(SafeText.oneLine(why(result), 300))).append("</td></tr>\n");
        }
        html.append("</tbody></table>\n</section>\n");
    }

    private static void outages(StringBuilder html, RunResult run) {
        if (run.outages().isEmpty()) {
            return;
        }
        html.append("<section id=\"outages\">\n<h2>Endpoint outages (").append(run.outages().size())
                .append(")</h2>\n<p>").append(Html.escape(OutageLines.heading(run))).append("</p>\n")
                .append("<table class=\"failures\"><thead><tr><th>Cause</th><th>What</th><th>Outages</th>")
                .append("<th>Detail</th></tr></thead><tbody>\n");
        for (OutageLines.Entry entry : OutageLines.entries(run)) {
            html.append("<tr><td class=\"id\">");
            if (entry.causes().isEmpty()) {
                html.append("<span class=\"muted\">no cause found</span>");
            } else {
                html.append(entry.causes().size() > 1 ? "one of " : "");
                for (int i = 0; i < entry.causes().size(); i++) {
                    String cause = entry.causes().get(i);
                    html.append(i > 0 ? ", " : "").append("<a href=\"#").append(Html.anchor("case", cause))
                            .append("\"><code>").append(Html.escape(cause)).append("</code></a>");
                }
            }
            html.append("</td><td>").append(Html.escape(entry.what())).append("</td><td>")
                    .append(Html.escape(entry.numbered())).append("</td><td>")
                    .append(Html.escape(SafeText.oneLine(entry.detail(), 600))).append("</td></tr>\n");
        }
        html.append("</tbody></table>\n</section>\n");
    }

    private static String why(CaseResult result) {
        if (result.verdict() == Verdict.STALE) {
            return "baseline entry now passes: " + result.baselineReason();
        }
        return result.message();
    }

    private static void allCases(StringBuilder html, List<RunSections.Section> sections) {
        html.append("<section id=\"cases\">\n<h2>All cases</h2>\n");
        for (RunSections.Section section : sections) {
            html.append("<section class=\"section\" id=\"").append(Html.anchor("section", section.name()))
                    .append("\">\n<h3>").append(Html.escape(section.name())).append(" <small>");
            Map<Verdict, Integer> counts = section.counts();
            html.append(section.cases().size()).append(" cases");
            for (Verdict verdict : Verdict.values()) {
                if (counts.get(verdict) > 0) {
                    html.append(" · ").append(counts.get(verdict)).append(' ').append(VerdictStyle.label(verdict));
                }
            }
            html.append("</small></h3>\n<table class=\"cases\"><thead><tr><th>Case</th><th>Level</th>")
                    .append("<th>Verdict</th><th>Description</th></tr></thead><tbody>\n");
            section.cases().forEach(result -> CaseHtml.row(html, result));
            html.append("</tbody></table>\n</section>\n");
        }
        html.append("</section>\n");
    }
}
