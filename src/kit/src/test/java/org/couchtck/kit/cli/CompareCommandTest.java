package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.couchtck.kit.run.TestTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

    /** Query-server and HTTP cases, a feed among them, without generated cases (whose inputs vary by seed). */
    private static final String CASES = "qs.map_doc.three-functions,qs.reduce.*,qs.ddoc.*,http.documents.*,"
            + "http.changes.continuous-*,http.databases.*";

    @TempDir
    Path temp;

    @Test
    void should_find_no_regression_and_no_drift_between_two_runs_of_the_same_reference() {
        Path first = run("first");
        Path second = run("second");
        CliRun cli = new CliRun();

        int status = cli.couchtck("compare", first.toString(), second.toString());

        assertThat(status).as(cli.out() + cli.err()).isZero();
        assertThat(cli.out()).startsWith("## couchtck compare: ✅ no regressions")
                .containsPattern("0 newly failing · 0 changed · 0 fixed · 0 added · 0 removed · \\d+ unchanged "
                        + "\\(0 with reply drift, 0 generated from other inputs")
                // Timing may differ (the first run in a JVM is the slower): it is reported, not judged.
                .doesNotContain("### Newly failing", "### Changed", "### Fixed", "### Added", "### Removed",
                        "### Reply drift");
    }

    @Test
    void should_exit_1_and_list_the_newly_failing_cases_first_in_every_format_when_the_target_regressed()
            throws Exception {
        Path reference = run("reference");
        Path broken = temp.resolve("broken");
        new CliRun().couchtck("run", "--server", TestTargets.commandLine("org.couchtck.kit.testservers.WrongAnswerServer"),
                "--include", "qs.map_doc.three-functions,qs.reduce.*", "--no-generated", "--no-progress",
                "--report-dir", broken.toString());
        CliRun cli = new CliRun();

        int status = cli.couchtck("compare", reference.toString(), broken.resolve("results.json").toString(),
                "--markdown", temp.resolve("compare.md").toString(), "--html", temp.resolve("compare.html").toString());

        assertThat(status).isEqualTo(1);
        assertThat(cli.out()).startsWith("## couchtck compare: ❌ regressions").contains("### Newly failing",
                "| qs.map\\_doc.three-functions | PASS | FAIL |", "### Removed");
        assertThat(cli.out().indexOf("### Newly failing")).isLessThan(cli.out().indexOf("### Removed"));
        assertThat(temp.resolve("compare.md")).content().isEqualTo(cli.out());
        assertThat(temp.resolve("compare.html")).content().contains("<h2>Newly failing (", "qs.map_doc.three-functions",
                "class=\"badge v-FAIL\"");
    }

    @Test
    void should_exit_2_with_one_clear_line_for_a_folder_without_results() throws Exception {
        Path empty = Files.createDirectories(temp.resolve("empty"));
        CliRun cli = new CliRun();

        int status = cli.couchtck("compare", empty.toString(), empty.toString());

        assertThat(status).isEqualTo(2);
        assertThat(cli.err()).startsWith("couchtck: ").contains("results.json");
        assertThat(cli.err().strip().lines()).hasSize(1);
    }

    private Path run(String name) {
        Path dir = temp.resolve(name);
        CliRun cli = new CliRun();
        int status = cli.couchtck("run", "--include", CASES, "--no-generated", "--no-progress", "--report-dir",
                dir.toString());
        assertThat(status).as(cli.out() + cli.err()).isZero();
        return dir;
    }
}
