package org.couchtck.kit.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes every report of a run into its folder. */
public final class ReportWriter {

    private ReportWriter() {}

    /**
     * Writes results.json, junit.xml, report.html, summary.md and badge.svg into {@code dir}, creating it if needed and
     * replacing earlier files of the same names.
     *
     * @return where each report was written
     */
    public static ReportFiles writeAll(RunResult run, Path dir) throws IOException {
        Files.createDirectories(dir);
        ReportFiles files = ReportFiles.in(dir);
        // results.json first: it is the canonical record and the input of `couchtck compare`.
        ResultsJson.write(run, files.resultsJson());
        JunitXmlWriter.write(run, files.junitXml());
        HtmlReportWriter.write(run, files.html());
        MarkdownSummaryWriter.write(run, files.markdown());
        // For READMEs: the same badge couchtck matrix writes per target.
        Badge.write(Matrix.Target.ran(run.target().name(), run), dir.resolve("badge.svg"));
        return files;
    }
}
