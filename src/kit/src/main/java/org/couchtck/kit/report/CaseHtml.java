package org.couchtck.kit.report;

import java.util.List;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.wire.TranscriptEntry;

/** The HTML of one case in the report: its table row, with the evidence folded in a {@code <details>}. */
final class CaseHtml {

    /** Longest expectation or reply shown; the full text stays in results.json. */
    static final int MAX_TEXT = 64_000;

    private CaseHtml() {}

    /** One {@code <tr class="case">}: id, level, verdict badge, and everything else in the last cell. */
    static void row(StringBuilder html, CaseResult result) {
        html.append("<tr class=\"case\" id=\"").append(Html.anchor("case", result.caseId())).append("\">")
                .append("<td class=\"id\"><code>").append(Html.escape(result.caseId())).append("</code></td>")
                .append("<td>").append(result.level() == null ? "" : result.level().name()).append("</td>")
                .append("<td>").append(badge(result)).append("</td>")
                .append("<td>").append(Html.escape(result.description()));
        if (!result.message().isBlank()) {
            html.append("<div class=\"message\">").append(Html.escape(SafeText.cap(result.message(), MAX_TEXT)))
                    .append("</div>");
        }
        evidence(html, result);
        html.append("</td></tr>\n");
    }

    static String badge(CaseResult result) {
        return "<span class=\"badge v-" + result.verdict().name() + "\">" + result.verdict().name() + "</span>";
    }

    private static void evidence(StringBuilder html, CaseResult result) {
        html.append("<details class=\"evidence\"><summary>details and transcript (")
                .append(result.transcript().size()).append(" lines)</summary>\n<dl>");
        field(html, "spec", result.spec());
        field(html, "duration", DurationText.millis(result.duration()));
        if (result.failedStep() >= 0) {
            field(html, "failed step", String.valueOf(result.failedStep()));
        }
        result.seed().ifPresent(seed -> field(html, "seed", String.valueOf(seed)));
        field(html, "baseline", result.baselineReason());
        html.append("</dl>\n");
        block(html, "expected", result.expected());
        block(html, "actual reply", result.actual());
        transcript(html, TranscriptExcerpt.of(result.transcript()));
        html.append("</details>");
    }

    private static void field(StringBuilder html, String name, String value) {
        if (value == null || value.isBlank()) {
            return;
        }
        html.append("<dt>").append(name).append("</dt><dd>").append(Html.escape(SafeText.cap(value, MAX_TEXT)))
                .append("</dd>");
    }

    private static void block(StringBuilder html, String name, String value) {
        if (value.isEmpty()) {
            return;
        }
        html.append("<div class=\"muted\">").append(name).append("</div><pre>")
                .append(Html.escape(SafeText.cap(value, MAX_TEXT))).append("</pre>\n");
    }

    private static void transcript(StringBuilder html, TranscriptExcerpt excerpt) {
        if (excerpt.isEmpty()) {
            html.append("<p class=\"muted\">No transcript.</p>\n");
            return;
        }
        html.append("<table class=\"transcript\"><tbody>\n");
        lines(html, excerpt, excerpt.head());
        if (excerpt.omitted() > 0) {
            html.append("<tr><td></td><td></td><td class=\"muted\">… ").append(excerpt.omitted())
                    .append(" lines omitted (all are in results.json) …</td></tr>\n");
            lines(html, excerpt, excerpt.tail());
        }
        html.append("</tbody></table>\n");
    }

    private static void lines(StringBuilder html, TranscriptExcerpt excerpt, List<TranscriptEntry> entries) {
        for (TranscriptEntry entry : entries) {
            html.append("<tr class=\"dir-").append(entry.direction().name()).append("\" title=\"")
                    .append(entry.direction().name().toLowerCase(java.util.Locale.ROOT)).append("\">")
                    .append("<td class=\"at\">").append(excerpt.offset(entry)).append("</td>")
                    .append("<td class=\"dir\">").append(Html.escape(TranscriptExcerpt.marker(entry.direction())))
                    .append("</td><td><pre>").append(Html.escape(TranscriptExcerpt.text(entry)))
                    .append("</pre></td></tr>\n");
        }
    }
}
