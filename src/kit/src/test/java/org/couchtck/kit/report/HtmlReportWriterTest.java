package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.check.Verdict;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportWriterTest {

    private static String html;

    @BeforeAll
    static void renderOnce() {
        html = HtmlReportWriter.render(TestRuns.everyVerdict());
    }

    @Test
    void should_show_the_run_header_and_totals_when_rendered() {
        assertThat(html).startsWith("<!DOCTYPE html>")
                .contains("<dt>Target</dt><dd>reference</dd>", "<dt>CouchDB version</dt><dd>3.5.2</dd>",
                        "<dt>Profile</dt><dd>couchdb</dd>",
                        "<dt>Run</dt><dd>20261122-031500-reference</dd>",
                        "<dt>Started</dt><dd>2026-11-22 03:15:00 UTC</dd>", "<dt>Duration</dt><dd>12.3 s</dd>",
                        ">FAILED</span>", ">PASS 1</span>", ">STALE 1</span>");
    }

    @Test
    void should_be_self_contained_without_scripts_when_rendered() {
        assertThat(html).contains("<style>", ".v-FAIL{background:#c62828}")
                .doesNotContain("<script", "<link", "src=\"http", "href=\"http", "@import");
    }

    @Test
    void should_draw_one_stacked_bar_per_section_with_a_legend_when_rendered() {
        assertThat(count(html, "<svg ")).isEqualTo(1);
        assertThat(count(html, "<g class=\"bar\">")).isEqualTo(4);
        assertThat(html).contains(">map_doc</text>", ">reduce</text>", ">lists</text>", ">ddoc</text>",
                "<title>map_doc: 1 fail</title>", "<title>ddoc: 1 stale</title>", ">1/2 pass, 1 fail</text>");
        assertThat(count(html, "<g class=\"legend\">")).isEqualTo(1);
        for (Verdict verdict : Verdict.values()) {
            assertThat(html).contains(">" + VerdictStyle.label(verdict) + "</text>");
        }
    }

    @Test
    void should_list_failures_first_and_every_case_once_when_rendered() {
        assertThat(count(html, "<tr class=\"failure\">")).isEqualTo(3);
        assertThat(count(html, "<tr class=\"case\"")).isEqualTo(7);
        assertThat(html.indexOf("id=\"failures\"")).isLessThan(html.indexOf("id=\"cases\""));
        assertThat(html).contains("<a href=\"#case-qs.map_doc.throw-drops-emits\">",
                "<tr class=\"case\" id=\"case-qs.map_doc.throw-drops-emits\">",
                "baseline entry now passes: was issue #7");
        assertThat(count(html, "<section class=\"section\"")).isEqualTo(4);
    }

    @Test
    void should_show_evidence_and_a_relative_transcript_when_a_case_failed() {
        String row = rowOf("qs.map_doc.throw-drops-emits");
        assertThat(row).contains("<span class=\"badge v-FAIL\">FAIL</span>", "<td>MUST</td>",
                "what qs.map_doc.throw-drops-emits checks", "reply differs at $[0]", "<dt>spec</dt>",
                "share/server/views.js", "<dt>failed step</dt><dd>2</dd>", "<pre>[[]]</pre>",
                "<pre>[[[1,2]]]</pre>", "<details class=\"evidence\">",
                "<tr class=\"dir-SENT\" title=\"sent\"><td class=\"at\">+0.0 ms</td><td class=\"dir\">→</td>",
                "<tr class=\"dir-RECEIVED\" title=\"received\"><td class=\"at\">+1.5 ms</td>",
                "<tr class=\"dir-STDERR\" title=\"stderr\"><td class=\"at\">+3.0 ms</td><td class=\"dir\">stderr</td>"
                        + "<td><pre>boom</pre>");
    }

    @Test
    void should_escape_markup_when_the_reply_is_hostile() {
        // given
        String hostile = "<script>alert(1)</script>\u0000\u001b[2J\ud800";
        RunResult run = aRun().with(aCase("qs.<b>.x\"'").section("<i>").verdict(Verdict.FAIL).message(hostile)
                .actual(hostile).exchange(hostile, hostile).stderr(hostile)).build();

        // when
        String page = HtmlReportWriter.render(run);

        // then
        assertThat(page).doesNotContain("<script", "<b>", "<i>", "\u0000", "\u001b", "\ud800")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;\\u0000\\u001b[2J\\ud800",
                        "qs.&lt;b&gt;.x&quot;&#39;", "id=\"case-qs._b_.x__\"");
    }

    @Test
    void should_write_a_utf8_file_when_given_a_path(@TempDir Path dir) throws IOException {
        // given
        Path file = dir.resolve("report.html");

        // when
        HtmlReportWriter.write(TestRuns.everyVerdict(), file);

        // then
        assertThat(Files.readString(file)).isEqualTo(html);
    }

    private static String rowOf(String caseId) {
        int start = html.indexOf("<tr class=\"case\" id=\"case-" + caseId + "\">");
        assertThat(start).as("row of %s", caseId).isNotNegative();
        return html.substring(start, html.indexOf("</details></td></tr>", start));
    }

    private static int count(String text, String needle) {
        Matcher matcher = Pattern.compile(Pattern.quote(needle)).matcher(text);
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }

    @Test
    void theEndpointsOutagesHaveASectionLinkingTheirCauses() {
        String page = HtmlReportWriter.render(TestRuns.withOutages());

        assertThat(page).contains("<h2>Endpoint outages (2)</h2>").contains("<code>http.changes.filter-x</code></a>")
                .contains("Error: boom &lt;&amp;&gt;").contains("no cause found");
    }
}
