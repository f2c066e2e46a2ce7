package org.couchtck.kit.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * {@code matrix.html}: one self-contained page (inline CSS and script, no external asset). Cases down, targets
 * across, a totals row per section; a level filter and a verdict filter (every case, cases some target fails, cases
 * where targets disagree); a click on a cell opens that case's transcript for that target. The transcripts travel in
 * the page as JSON, each cut to {@link #MAX_TRANSCRIPT} characters; results.json beside each target's reports has
 * them whole.
 */
public final class MatrixHtml {

    static final int MAX_TRANSCRIPT = 20_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private MatrixHtml() {}

    public static void write(Matrix matrix, Path file) throws IOException {
        Files.writeString(file, render(matrix));
    }

    public static String render(Matrix matrix) {
        StringBuilder html = new StringBuilder(65_536);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>couchtck matrix</title>\n<style>\n").append(ReportResource.text("matrix.css"))
                .append(VerdictStyle.css()).append("</style>\n</head>\n<body>\n<header>\n<h1>couchtck matrix</h1>\n<p>")
                .append(matrix.rows().size()).append(" cases, ").append(matrix.targets().size())
                .append(" targets.</p>\n");
        filters(html);
        html.append("</header>\n<main>\n<table id=\"matrix\">\n<thead><tr><th>Case</th><th>Level</th>");
        for (Matrix.Target target : matrix.targets()) {
            html.append("<th class=\"target\" title=\"")
                    .append(Html.escape(target.run().map(r -> r.target().command()).orElse(target.unavailable())))
                    .append("\">").append(Html.escape(target.name())).append("<br><small>");
            if (target.run().isEmpty()) {
                html.append("unavailable");
            } else {
                Matrix.MustScore must = target.mustScore();
                html.append(Html.escape(must.text()));
            }
            html.append("</small></th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        ObjectNode transcripts = JSON.createObjectNode();
        Map<String, List<Map<Verdict, Integer>>> totals = matrix.sectionTotals();
        String section = null;
        for (int r = 0; r < matrix.rows().size(); r++) {
            Matrix.Row row = matrix.rows().get(r);
            if (!row.section().equals(section)) {
                section = row.section();
                sectionRow(html, section, totals.get(section));
            }
            caseRow(html, matrix, r, row, transcripts);
        }
        html.append("</tbody>\n</table>\n<p id=\"nothing-shown\" hidden>No case matches the filters.</p>\n</main>\n")
                .append("<dialog id=\"transcript\"><form method=\"dialog\"><button id=\"close\">Close</button></form>")
                .append("<h2 id=\"t-title\"></h2><p id=\"t-verdict\"></p><p id=\"t-message\"></p>")
                .append("<pre id=\"t-text\"></pre></dialog>\n")
                .append("<script type=\"application/json\" id=\"transcripts\">").append(scriptSafe(transcripts))
                .append("</script>\n<script>\n").append(ReportResource.text("matrix.js")).append("</script>\n</body>\n</html>\n");
        return html.toString();
    }

    private static void filters(StringBuilder html) {
        html.append("<form id=\"filters\" onsubmit=\"return false\"><fieldset><legend>Level</legend>");
        for (String level : List.of("MUST", "SHOULD", "MAY", "INFO")) {
            html.append("<label><input type=\"checkbox\" name=\"level\" value=\"").append(level)
                    .append("\" checked> ").append(level).append("</label> ");
        }
        html.append("</fieldset><fieldset><legend>Cases</legend><select id=\"show\" name=\"show\">")
                .append("<option value=\"all\">every case</option>")
                .append("<option value=\"fails\">cases some target fails</option>")
                .append("<option value=\"disagree\">cases where targets disagree</option>")
                .append("</select></fieldset> <output id=\"shown\"></output></form>\n");
    }

    private static void sectionRow(StringBuilder html, String section, List<Map<Verdict, Integer>> totals) {
        html.append("<tr class=\"section\" data-section=\"").append(Html.escape(section)).append("\"><th colspan=\"2\">")
                .append(Html.escape(section)).append("</th>");
        for (Map<Verdict, Integer> counts : totals) {
            html.append("<td>");
            counts.forEach((verdict, count) -> html.append("<span class=\"count v-").append(verdict.name())
                    .append("\" title=\"").append(verdict.name()).append("\">").append(count).append(' ')
                    .append(VerdictStyle.label(verdict)).append("</span> "));
            html.append("</td>");
        }
        html.append("</tr>\n");
    }

    private static void caseRow(StringBuilder html, Matrix matrix, int r, Matrix.Row row, ObjectNode transcripts) {
        html.append("<tr class=\"case\" data-section=\"").append(Html.escape(row.section())).append("\" data-level=\"")
                .append(row.level() == null ? "" : row.level().name()).append("\" data-fails=\"")
                .append(row.anyFails() ? 1 : 0).append("\" data-disagree=\"").append(row.disagrees() ? 1 : 0)
                .append("\"><td class=\"id\"><code>").append(Html.escape(row.caseId())).append("</code><div class=\"desc\">")
                .append(Html.escape(SafeText.oneLine(row.description(), 200))).append("</div></td><td>")
                .append(row.level() == null ? "" : row.level().name()).append("</td>");
        for (int t = 0; t < row.cells().size(); t++) {
            CaseResult cell = row.cells().get(t);
            if (cell == null) {
                html.append("<td class=\"cell absent\" title=\"not run against this target\">—</td>");
                continue;
            }
            String key = r + ":" + t;
            html.append("<td class=\"cell v-").append(cell.verdict().name()).append("\" data-key=\"").append(key)
                    .append("\" tabindex=\"0\" title=\"").append(Html.escape(SafeText.oneLine(cell.message(), 200)))
                    .append("\">").append(cell.verdict().name()).append("</td>");
            transcripts.putObject(key).put("title", row.caseId() + " — " + matrix.targets().get(t).name())
                    .put("verdict", cell.verdict().name())
                    .put("message", SafeText.legal(SafeText.oneLine(cell.message(), 2_000)))
                    .put("text", SafeText.legal(SafeText.cap(transcriptText(cell), MAX_TRANSCRIPT)));
        }
        html.append("</tr>\n");
    }

    private static String transcriptText(CaseResult result) {
        TranscriptExcerpt excerpt = TranscriptExcerpt.of(result.transcript());
        StringBuilder text = new StringBuilder();
        lines(text, excerpt, excerpt.head());
        if (excerpt.omitted() > 0) {
            text.append("… ").append(excerpt.omitted()).append(" lines omitted (all are in results.json) …\n");
            lines(text, excerpt, excerpt.tail());
        }
        return text.isEmpty() ? "(no transcript)" : text.toString();
    }

    private static void lines(StringBuilder text, TranscriptExcerpt excerpt, List<TranscriptEntry> entries) {
        for (TranscriptEntry entry : entries) {
            text.append(excerpt.offset(entry)).append(' ').append(TranscriptExcerpt.marker(entry.direction()))
                    .append(' ').append(TranscriptExcerpt.text(entry)).append('\n');
        }
    }

    /** JSON that cannot end the script element it sits in: no '<' at all (JSON has it only inside strings). */
    private static String scriptSafe(ObjectNode json) {
        try {
            return JSON.writeValueAsString(json).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
