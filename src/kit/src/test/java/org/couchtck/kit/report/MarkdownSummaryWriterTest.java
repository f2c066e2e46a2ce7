package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.couchtck.kit.check.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownSummaryWriterTest {

    @Test
    void should_give_totals_a_section_table_and_failing_cases_when_rendered() {
        // given
        RunResult run = TestRuns.everyVerdict();

        // when
        String md = MarkdownSummaryWriter.render(run);

        // then
        assertThat(md).startsWith("## couchtck: ❌ failed — reference\n")
                .contains("**7 cases**: 1 pass · 1 fail · 1 warn · 1 na · 1 error · 1 known · 1 stale",
                        "Language javascript, CouchDB 3.5.2, profile couchdb, run `20261122-031500-reference`, 12.3 s.",
                        "| Section | pass | fail | warn | na | error | known | stale |\n|---|---:|",
                        "| map\\_doc | 1 | 1 | 0 | 0 | 0 | 0 | 0 |",
                        "| ddoc | 0 | 0 | 0 | 0 | 0 | 1 | 1 |",
                        "### Failing cases (3)",
                        "- **FAIL** `qs.map_doc.throw-drops-emits` — reply differs at $\\[0\\]",
                        "- **ERROR** `qs.reduce.hangs` — timed out after 5000 ms",
                        "- **STALE** `qs.ddoc.fixed-bug` — baseline entry now passes; remove it (was issue #7)")
                .doesNotContain("qs.lists.python-only", "qs.ddoc.old-bug");
    }

    @Test
    void should_escape_pipes_newlines_and_html_when_a_message_is_hostile() {
        // given
        RunResult run = aRun().with(aCase("qs.a|b.x").section("a|b\nc").verdict(Verdict.FAIL)
                .message("col|umn\nnext line <img src=x onerror=alert(1)> `code`")).build();

        // when
        String md = MarkdownSummaryWriter.render(run);

        // then
        assertThat(md).contains("| a\\|b c | 0 | 1 |",
                        "`qs.a|b.x` — col\\|umn next line &lt;img src=x onerror=alert(1)&gt; \\`code\\`")
                .doesNotContain("<img");
        assertThat(md.lines().filter(l -> l.startsWith("| a")).count()).isEqualTo(1);
    }

    @Test
    void should_cap_the_list_and_say_how_many_more_when_many_cases_fail() {
        // given
        TestRuns.RunBuilder builder = aRun();
        for (int i = 0; i < 53; i++) {
            builder.with(aCase("qs.map_doc.case-" + i).verdict(Verdict.FAIL).message("broken " + i));
        }

        // when
        String md = MarkdownSummaryWriter.render(builder.build());

        // then
        assertThat(md.lines().filter(l -> l.startsWith("- **FAIL**")).count()).isEqualTo(50);
        assertThat(md).contains("- … and 3 more (see report.html)").doesNotContain("case-50`");
    }

    @Test
    void should_say_so_when_nothing_failed() {
        // given
        RunResult run = aRun().with(aCase("qs.map_doc.ok")).build();

        // when
        String md = MarkdownSummaryWriter.render(run);

        // then
        assertThat(md).startsWith("## couchtck: ✅ passed").contains("No failing, erroring or stale cases.")
                .doesNotContain("### Failing");
    }

    @Test
    void should_write_the_rendered_summary_when_given_a_path(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("summary.md");
        MarkdownSummaryWriter.write(TestRuns.everyVerdict(), file);
        assertThat(Files.readString(file)).isEqualTo(MarkdownSummaryWriter.render(TestRuns.everyVerdict()));
    }

    @Test
    void theEndpointsOutagesHaveASectionNamingTheirCauses() {
        String md = MarkdownSummaryWriter.render(TestRuns.withOutages());

        assertThat(md).contains("### Endpoint outages (2)")
                .contains("- `http.changes.filter-x` — exited with status 1 (outage 1); its standard error ended: "
                        + "Error: boom")
                .contains("- no cause found — stopped answering (outage 2); no case had a request in flight");
    }
}
