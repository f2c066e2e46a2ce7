package org.couchtck.kit.cli;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.couchtck.kit.run.TestTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixCommandTest {

    private static final String CASES = "--include 'qs.map_doc.emit-many,qs.map_doc.three-functions,"
            + "http.documents.put-create' --no-generated";

    @TempDir
    Path temp;

    @Test
    void should_run_each_target_and_show_the_broken_one_failing_where_the_reference_passes() throws Exception {
        Path out = temp.resolve("matrix");
        CliRun cli = new CliRun();

        int status = cli.couchtck("matrix", "--server", "ref=reference",
                "--server", "broken=" + TestTargets.commandLine("org.couchtck.kit.testservers.WrongAnswerServer"),
                "--server", "missing=/nonexistent/view-server", "--endpoint", "refhttp=reference",
                "--with", CASES, "--out", out.toString());

        assertThat(status).as(cli.out() + cli.err()).isEqualTo(1);
        String json = Files.readString(out.resolve("matrix.json"));
        assertThatJson(json).inPath("$.cases[?(@.id == 'qs.map_doc.three-functions')].verdicts")
                .isArray().containsExactly("{\"ref\":\"PASS\",\"broken\":\"FAIL\"}");
        assertThatJson(json).inPath("$.cases[?(@.id == 'http.documents.put-create')].verdicts")
                .isArray().containsExactly("{\"refhttp\":\"PASS\"}");
        assertThatJson(json).node("targets[2].name").isEqualTo("missing");
        assertThatJson(json).node("targets[2].unavailable").asString().contains("/nonexistent/view-server");
        assertThat(out.resolve("ref/results.json")).isRegularFile();
        assertThat(out.resolve("ref/badge.svg")).content().contains("couchtck: 2/2 MUST");
        assertThat(out.resolve("badges/broken.svg")).content().contains("couchtck: 0/2 MUST");
        assertThat(out.resolve("badges/missing.svg")).content().contains("couchtck: unavailable");
        assertThat(out.resolve("matrix.html")).content().contains("<th class=\"target\"");
        assertThat(out.resolve("matrix.md")).content().isEqualTo(cli.out().substring(0, cli.out().indexOf("Matrix: "))
                .substring(cli.out().indexOf("## couchtck matrix")));
    }

    @Test
    void should_combine_existing_report_folders_and_exit_0_when_all_passed() throws Exception {
        Path first = temp.resolve("first");
        Path second = temp.resolve("second");
        assertThat(new CliRun().couchtck("run", "--include", "qs.map_doc.emit-many", "--no-generated",
                "--no-progress", "--report-dir", first.toString())).isZero();
        assertThat(new CliRun().couchtck("run", "--include", "qs.map_doc.emit-many", "--no-generated",
                "--no-progress", "--report-dir", second.toString())).isZero();
        CliRun cli = new CliRun();

        int status = cli.couchtck("matrix", first.toString(), "again=" + second.resolve("results.json"),
                "--out", temp.resolve("out").toString());

        assertThat(status).as(cli.out() + cli.err()).isZero();
        assertThatJson(Files.readString(temp.resolve("out/matrix.json"))).node("cases[0].verdicts")
                .isEqualTo("{\"first\":\"PASS\",\"again\":\"PASS\"}");
    }

    @Test
    void should_refuse_unusable_input_with_one_line_and_exit_2() throws Exception {
        Path empty = Files.createDirectories(temp.resolve("empty"));
        for (String[] args : new String[][] {
                {"matrix"},
                {"matrix", "--server", "no-name-here"},
                {"matrix", "--server", "a=reference", "--server", "a=reference"},
                {"matrix", "bad name=" + empty},
                {"matrix", empty.toString(), "--out", temp.resolve("x").toString()},
                {"matrix", "--server", "a=reference", "--with", "--level OFTEN", "--out", temp.resolve("y").toString()}}) {
            CliRun cli = new CliRun();

            int status = cli.couchtck(args);

            assertThat(status).as(String.join(" ", args) + ": " + cli.err()).isEqualTo(2);
            assertThat(cli.err()).startsWith("couchtck: ");
        }
    }
}
