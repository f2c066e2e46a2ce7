package org.couchtck.kit.report;

import java.util.Objects;
import java.nio.file.Path;

/**
 * Where the reports of one run were written.
 *
 * @param resultsJson the canonical machine-readable results
 * @param junitXml the Surefire-compatible JUnit XML report
 * @param html the self-contained HTML report
 * @param markdown the Markdown summary for CI job summaries
 */
public record ReportFiles(Path resultsJson, Path junitXml, Path html, Path markdown) {

    public ReportFiles {
        Objects.requireNonNull(resultsJson, "resultsJson");
        Objects.requireNonNull(junitXml, "junitXml");
        Objects.requireNonNull(html, "html");
        Objects.requireNonNull(markdown, "markdown");
    }

    /** The conventional file names inside a run's report folder. */
    public static ReportFiles in(Path dir) {
        return new ReportFiles(dir.resolve("results.json"), dir.resolve("junit.xml"), dir.resolve("report.html"),
                dir.resolve("summary.md"));
    }
}
