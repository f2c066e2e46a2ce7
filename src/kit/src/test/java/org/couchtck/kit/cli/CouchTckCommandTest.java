package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.couchtck.kit.run.TestTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class CouchTckCommandTest {

    @TempDir
    Path dir;

    private final CliRun cli = new CliRun();

    @Test
    void run_against_the_reference_writes_all_four_reports_and_exits_0() {
        Path reports = dir.resolve("reports");

        int status = cli.couchtck("run", "--fixtures", TestTargets.fixtures().toString(),
                "--report-dir", reports.toString(), "--no-progress");

        assertThat(status).as(cli.err()).isZero();
        assertThat(reports.resolve("results.json")).isRegularFile();
        assertThat(reports.resolve("junit.xml")).isRegularFile();
        assertThat(reports.resolve("report.html")).isRegularFile();
        assertThat(reports.resolve("summary.md")).isRegularFile();
        assertThat(cli.out()).contains("PASS");
    }

    @Test
    void failures_of_the_target_exit_1() {
        int status = cli.couchtck("run", "--server", TestTargets.commandLine("org.couchtck.kit.testservers.WrongAnswerServer"),
                "--fixtures", TestTargets.fixtures().toString(), "--report-dir", dir.toString(), "--no-progress");

        assertThat(status).as(cli.err()).isEqualTo(1);
    }

    @Test
    void a_run_that_mostly_did_not_apply_says_so_and_fails_under_a_coverage_floor() throws Exception {
        // given a language whose pack has no source at all: only the cases that need no function apply
        Path pack = Files.writeString(dir.resolve("go.json"), "{\"language\": \"go\", \"functions\": {}}");
        String[] run = {"run", "--suite", "query-server", "--no-generated", "--language", "go", "--functions",
                pack.toString(), "--include", "qs.map_doc.*,qs.protocol.*", "--report-dir", dir.resolve("r").toString(),
                "--no-progress"};

        // when
        int plain = cli.couchtck(run);
        CliRun floored = new CliRun();
        int withFloor = floored.couchtck(concat(run, "--min-applicable", "100%"));

        // then the missing functions are named once, before the run, and the coverage is in the summary
        assertThat(plain).as(cli.err()).isZero();
        assertThat(cli.out()).containsOnlyOnce("couchtck: the go functions lack a source for ")
                .contains("map.three-functions").containsPattern("MUST: \\d+ of \\d+ applicable passed · \\d+ of the "
                        + "profile's \\d+ applicable \\(\\d+ NA for want of a function source or a feature\\)");
        assertThat(cli.out().indexOf("lack a source")).isLessThan(cli.out().indexOf("cases —"));
        // the NA lines add up to the NA total
        java.util.regex.Matcher total = java.util.regex.Pattern.compile("(\\d+) na,").matcher(cli.out());
        assertThat(total.find()).isTrue();
        java.util.regex.Matcher lines = java.util.regex.Pattern.compile("(?m)^  (\\d+) (with no|about|checking|for|needing|generated)")
                .matcher(cli.out());
        int sum = 0;
        while (lines.find()) {
            sum += Integer.parseInt(lines.group(1));
        }
        assertThat(sum).isEqualTo(Integer.parseInt(total.group(1))).isPositive();
        assertThat(cli.out()).contains("NA: " + total.group(1) + " cases in all:");
        // and a floor turns the same run into a failure
        assertThat(withFloor).isEqualTo(1);
        assertThat(floored.err()).contains("coverage below --min-applicable 100%: ");
    }

    @Test
    void a_bad_coverage_floor_exits_2() {
        assertThat(cli.couchtck("run", "--min-applicable", "most", "--report-dir", dir.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("--min-applicable takes a number");
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    @Test
    void a_server_that_cannot_be_started_exits_3_with_one_line() {
        int status = cli.couchtck("run", "--server", "/no/such/view-server --flag", "--report-dir", dir.toString());

        assertThat(status).as(cli.err()).isEqualTo(3);
        assertThat(cli.err()).contains("/no/such/view-server").contains("(reports: " + dir + ")").hasLineCount(1);
        assertThat(dir.resolve("junit.xml")).content().contains("name=\"couchtck.run\"")
                .contains("<error message=\"not run: ").contains("/no/such/view-server");
        assertThat(dir.resolve("results.json")).content().contains("\"unfinished\"");
    }

    @Test
    void a_bad_flag_exits_2_with_a_clear_error() {
        assertThat(cli.couchtck("run", "--no-such-flag")).isEqualTo(2);
        assertThat(cli.err()).contains("--no-such-flag");
    }

    @Test
    void a_bad_timeout_or_version_exits_2() {
        assertThat(cli.couchtck("run", "--timeout", "soon")).isEqualTo(2);
        assertThat(cli.err()).contains("soon");
        assertThat(cli.couchtck("run", "--couchdb-version", "three", "--report-dir", dir.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("three");
    }

    @Test
    void an_include_that_matches_no_case_is_a_usage_error_with_the_nearest_section() {
        assertThat(cli.couchtck("run", "--include", "qs.mapdoc.*", "--report-dir", dir.toString())).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("couchtck: --include 'qs.mapdoc.*' matches no case (did you mean "
                + "'qs.map_doc.*'?); `couchtck list` shows the case ids" + System.lineSeparator());
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void an_include_of_another_suite_says_which_suites_the_run_takes() {
        assertThat(cli.couchtck("run", "--suite", "http", "--include", "qs.map_doc.*", "--report-dir",
                dir.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("--include 'qs.map_doc.*' matches no case of the suites this run takes (http; "
                + "--suite chooses)");
    }

    @Test
    void an_unknown_without_name_is_a_usage_error_that_says_what_it_may_have_meant() {
        assertThat(cli.couchtck("run", "--without", "sandbox.timout,ddoc", "--report-dir", dir.toString()))
                .isEqualTo(2);
        assertThat(cli.err()).startsWith("couchtck: --without: no case needs 'ddoc' (the features under it: "
                + "ddoc.filters, ").contains(", nor 'sandbox.timout' (did you mean 'sandbox.timeout'?); the "
                + "features cases need: ");
    }

    @Test
    void a_duration_without_a_unit_is_a_usage_error() {
        assertThat(cli.couchtck("run", "--timeout", "5", "--report-dir", dir.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("'5' has no unit: write 5s for seconds or 5ms for milliseconds");
    }

    @Test
    void a_run_in_which_every_case_is_na_fails_and_says_nothing_was_tested() throws Exception {
        // given: a language whose pack has no source, and cases that all need one
        Path pack = Files.writeString(dir.resolve("go.json"), "{\"language\": \"go\", \"functions\": {}}");
        Path reports = dir.resolve("r");

        // when
        int status = cli.couchtck("run", "--suite", "query-server", "--no-generated", "--language", "go",
                "--functions", pack.toString(), "--include", "qs.map_doc.*", "--report-dir", reports.toString(),
                "--no-progress");

        // then
        assertThat(status).isEqualTo(1);
        assertThat(cli.out()).contains("FAILED: nothing was tested");
        assertThat(cli.err()).containsPattern("couchtck: nothing was tested: all \\d+ cases were NA \\(the NA lines "
                + "above say why\\); a run that tests nothing fails");
        assertThat(Files.readString(reports.resolve("summary.md"))).contains("nothing tested");
    }

    @Test
    void a_malformed_fixture_exits_2_naming_file_and_pointer() throws Exception {
        Path fixtures = Files.createDirectories(dir.resolve("fixtures"));
        Files.writeString(fixtures.resolve("protocol.json"), """
                {"section": "protocol", "cases": [{"id": "qs.protocol.x", "level": "OFTEN",
                  "description": "d", "steps": [{"reset": true}]}]}""");

        int status = cli.couchtck("run", "--fixtures", fixtures.toString(), "--report-dir", dir.toString());

        assertThat(status).as(cli.err()).isEqualTo(2);
        assertThat(cli.err()).contains("protocol.json").contains("qs.protocol.x").contains("/cases/0/level");
    }

    @Test
    void list_shows_the_selected_cases() {
        int status = cli.couchtck("list", "--fixtures", TestTargets.fixtures().toString(), "--include", "*map*",
                "--format", "json");

        assertThat(status).isZero();
        assertThat(cli.out()).contains("qs.protocol.map-one-function").doesNotContain("reset-answers-true");
    }

    @Test
    void list_shows_the_http_cases_too_with_their_suite() {
        int status = cli.couchtck("list", "--include", "http.changes.since-*", "--format", "json");

        assertThat(status).isZero();
        assertThat(cli.out()).contains("\"id\" : \"http.changes.since-0\"").contains("\"suite\" : \"http\"")
                .doesNotContain("qs.");
    }

    @Test
    void no_command_is_a_usage_error() {
        assertThat(cli.couchtck()).isEqualTo(2);
    }
}
