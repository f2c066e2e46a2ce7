package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

    @Test
    void should_write_all_four_reports_into_a_new_folder_when_given_a_run(@TempDir Path tmp) throws Exception {
        // given
        RunResult run = TestRuns.everyVerdict();
        Path dir = tmp.resolve("reports").resolve(run.runId());

        // when
        ReportFiles files = ReportWriter.writeAll(run, dir);

        // then
        assertThat(files).isEqualTo(new ReportFiles(dir.resolve("results.json"), dir.resolve("junit.xml"),
                dir.resolve("report.html"), dir.resolve("summary.md")));
        assertThat(ResultsJson.read(files.resultsJson())).isEqualTo(run);
        assertThat(DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(files.junitXml().toFile())
                .getElementsByTagName("testcase").getLength()).isEqualTo(7);
        assertThat(Files.readString(files.html())).isEqualTo(HtmlReportWriter.render(run));
        assertThat(Files.readString(files.markdown())).isEqualTo(MarkdownSummaryWriter.render(run));
    }

    @Test
    void should_replace_earlier_reports_when_written_twice(@TempDir Path dir) throws IOException {
        // given
        ReportWriter.writeAll(TestRuns.everyVerdict(), dir);
        RunResult second = TestRuns.aRun().runId("second").build();

        // when
        ReportFiles files = ReportWriter.writeAll(second, dir);

        // then
        assertThat(ResultsJson.read(files.resultsJson())).isEqualTo(second);
        assertThat(Files.readString(files.markdown())).doesNotContain("Failing cases");
    }
}
