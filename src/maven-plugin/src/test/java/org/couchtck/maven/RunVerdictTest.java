package org.couchtck.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.ResultsJson;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunVerdictTest {

    @TempDir
    Path reports;

    @Test
    void should_list_the_cases_that_fail_the_run_and_say_how_many_more_there_are() throws Exception {
        List<CaseResult> cases = new ArrayList<>();
        cases.add(aCase("qs.reset.passes", Verdict.PASS));
        cases.add(aCase("qs.reset.warns", Verdict.WARN));
        cases.add(aCase("qs.reset.known", Verdict.KNOWN));
        cases.add(aCase("qs.reset.stale", Verdict.STALE));
        cases.add(aCase("qs.reset.hangs", Verdict.ERROR));
        for (int i = 0; i < 28; i++) {
            cases.add(aCase("qs.map_doc.broken-" + i, Verdict.FAIL));
        }
        ResultsJson.write(new RunResult("run-1", "0.1.0", new RunResult.TargetInfo("my-server", "my-server", "javascript",
                "3.5.2"), Instant.EPOCH, Duration.ofSeconds(1), cases), reports.resolve("results.json"));

        RunVerdict verdict = RunVerdict.of(1, reports, "");

        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.isTargetProblem()).isTrue();
        assertThat(verdict.message()).startsWith("couchtck: 30 cases of 33 failed against my-server:\n")
                .contains("  STALE qs.reset.stale\n  ERROR qs.reset.hangs\n  FAIL qs.map_doc.broken-0\n")
                .contains("FAIL qs.map_doc.broken-22\n  ... and 5 more")
                .doesNotContain("broken-23", "qs.reset.passes", "qs.reset.warns", "qs.reset.known")
                .endsWith("Reports: " + reports.resolve("report.html") + " (all: " + reports + ")");
    }

    @Test
    void should_pass_on_the_coverage_shortfall_when_every_case_passed_and_the_run_failed_all_the_same()
            throws Exception {
        ResultsJson.write(new RunResult("run-1", "0.1.0", new RunResult.TargetInfo("my-server", "my-server", "go",
                "3.5.2"), Instant.EPOCH, Duration.ofSeconds(1), List.of(aCase("qs.reset.passes", Verdict.PASS))),
                reports.resolve("results.json"));

        RunVerdict verdict = RunVerdict.of(1, reports, "couchtck: coverage below --min-applicable 90%: 1 of the "
                + "profile's 95 MUST cases applied, 86 required\n");

        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.message()).startsWith("couchtck: coverage below --min-applicable 90%: 1 of the profile's 95")
                .doesNotContain("0 cases");
    }

    @Test
    void should_say_so_when_the_failed_run_left_no_readable_results() throws Exception {
        Files.writeString(reports.resolve("results.json"), "{not json");

        assertThat(RunVerdict.of(1, reports, "").message())
                .startsWith("couchtck: the target failed, and its results cannot be read");
    }

    @Test
    void should_pass_on_what_the_kit_said_when_the_target_never_answered_or_the_configuration_is_unusable() {
        RunVerdict neverAnswered = RunVerdict.of(3, reports, "couchtck: cannot start server: no such file\n");
        RunVerdict unusable = RunVerdict.of(2, reports, "couchtck: bad baseline\n");

        assertThat(neverAnswered.isTargetProblem()).isTrue();
        assertThat(neverAnswered.message()).contains("never answered: couchtck: cannot start server: no such file");
        assertThat(unusable.isTargetProblem()).isFalse();
        assertThat(unusable.message()).isEqualTo("couchtck: the run's configuration is unusable: couchtck: bad baseline");
        assertThat(RunVerdict.of(0, reports, "").passed()).isTrue();
    }

    private static CaseResult aCase(String id, Verdict verdict) {
        return new CaseResult(id, id.split("\\.")[1], Level.MUST, "", "", verdict, "", "", "", -1, List.of(),
                OptionalLong.empty(), Duration.ZERO, "");
    }
}
