package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunResult;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.wire.Direction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class ConformanceRunnerTest {

    private static final String SERVERS = "org.couchtck.kit.testservers.";

    @AfterEach
    void no_child_process_outlives_a_run() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void reference_passes_every_applicable_case() {
        RunResult run = ConformanceRunner.run(TestTargets.againstReference(), "t", ConformanceRunner.Progress.NONE);

        assertThat(verdicts(run)).containsOnly(
                Map.entry("qs.protocol.reset-answers-true", Verdict.PASS),
                Map.entry("qs.protocol.map-one-function", Verdict.PASS),
                Map.entry("qs.protocol.log-before-reply", Verdict.PASS),
                Map.entry("qs.protocol.unknown-command-then-exit", Verdict.PASS),
                Map.entry("qs.protocol.python-only", Verdict.NA));
        assertThat(run.passed()).isTrue();
    }

    @Test
    void wrong_answers_fail_must_cases_and_warn_should_cases() {
        RunResult run = ConformanceRunner.run(
                TestTargets.against(SERVERS + "WrongAnswerServer", Duration.ofSeconds(5)), "t",
                ConformanceRunner.Progress.NONE);

        assertThat(verdicts(run)).containsOnly(
                Map.entry("qs.protocol.reset-answers-true", Verdict.FAIL),
                Map.entry("qs.protocol.map-one-function", Verdict.FAIL),
                Map.entry("qs.protocol.log-before-reply", Verdict.WARN),
                Map.entry("qs.protocol.unknown-command-then-exit", Verdict.FAIL),
                Map.entry("qs.protocol.python-only", Verdict.NA));
        CaseResult reset = result(run, "qs.protocol.reset-answers-true");
        assertThat(reset.expected()).isEqualTo("true");
        assertThat(reset.actual()).isEqualTo("false");
        assertThat(reset.transcript()).extracting(e -> e.direction())
                .contains(Direction.SENT, Direction.RECEIVED);
        assertThat(run.passed()).isFalse();
    }

    @Test
    void a_silent_server_is_an_error_and_is_given_up_on_after_a_few_cases() {
        RunResult run = ConformanceRunner.run(
                TestTargets.against(SERVERS + "SilentServer", Duration.ofMillis(300), Duration.ofSeconds(1)), "t",
                ConformanceRunner.Progress.NONE);

        assertThat(run.cases()).filteredOn(c -> c.verdict() != Verdict.NA)
                .extracting(CaseResult::verdict).containsOnly(Verdict.ERROR);
        assertThat(result(run, "qs.protocol.unknown-command-then-exit").message())
                .contains("not run");
        assertThat(result(run, "qs.protocol.reset-answers-true").message()).contains("no reply");
    }

    @Test
    void a_crash_on_map_doc_is_a_wrong_answer_with_its_transcript() {
        RunResult run = ConformanceRunner.run(
                TestTargets.against(SERVERS + "CrashOnMapDocServer", Duration.ofSeconds(5)), "t",
                ConformanceRunner.Progress.NONE);

        assertThat(result(run, "qs.protocol.reset-answers-true").verdict()).isEqualTo(Verdict.PASS);
        CaseResult map = result(run, "qs.protocol.map-one-function");
        assertThat(map.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(map.failedStep()).isGreaterThanOrEqualTo(0);
        assertThat(map.transcript()).anySatisfy(e -> assertThat(e.text()).contains("map_doc"));
        assertThat(map.message()).contains("3");
    }

    @Test
    void garbage_bytes_are_a_failure_not_a_crash_of_the_kit() {
        RunResult run = ConformanceRunner.run(
                TestTargets.against(SERVERS + "GarbageServer", Duration.ofSeconds(5)), "t",
                ConformanceRunner.Progress.NONE);

        assertThat(result(run, "qs.protocol.reset-answers-true").verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result(run, "qs.protocol.reset-answers-true").message()).contains("not JSON");
    }

    @Test
    void a_flooding_server_ends_in_a_verdict_and_the_run_finishes() {
        RunResult run = ConformanceRunner.run(
                TestTargets.against(SERVERS + "FloodServer", Duration.ofSeconds(2)), "t",
                ConformanceRunner.Progress.NONE);

        assertThat(result(run, "qs.protocol.reset-answers-true").verdict()).isIn(Verdict.FAIL, Verdict.ERROR);
        assertThat(run.cases()).hasSize(5);
    }

    @Test
    void baseline_turns_listed_failures_into_known_and_listed_passes_into_stale(@TempDir Path dir)
            throws Exception {
        Path baseline = dir.resolve("baseline.json");
        Files.writeString(baseline, """
                {"known": [
                  {"id": "qs.protocol.map-one-function", "reason": "answers false to everything"},
                  {"id": "qs.protocol.python-only", "reason": "not applicable anyway"}
                ]}""");
        RunConfiguration wrong = TestTargets.against(SERVERS + "WrongAnswerServer", Duration.ofSeconds(5));
        RunConfiguration config = new RunConfiguration(wrong.server(), wrong.profile(), wrong.timeout(),
                wrong.fixtures(), wrong.selection(), Optional.of(baseline));

        RunResult run = ConformanceRunner.run(config, "t", ConformanceRunner.Progress.NONE);

        CaseResult known = result(run, "qs.protocol.map-one-function");
        assertThat(known.verdict()).isEqualTo(Verdict.KNOWN);
        assertThat(known.baselineReason()).isEqualTo("answers false to everything");
        assertThat(result(run, "qs.protocol.python-only").verdict()).isEqualTo(Verdict.NA);

        Files.writeString(baseline, """
                {"known": [{"id": "qs.protocol.reset-answers-true", "reason": "used to fail"}]}""");
        RunConfiguration reference = TestTargets.againstReference();
        RunResult stale = ConformanceRunner.run(new RunConfiguration(reference.server(), reference.profile(),
                reference.timeout(), reference.fixtures(), reference.selection(), Optional.of(baseline)), "t",
                ConformanceRunner.Progress.NONE);

        assertThat(result(stale, "qs.protocol.reset-answers-true").verdict()).isEqualTo(Verdict.STALE);
        assertThat(stale.passed()).isFalse();
    }

    private static Map<String, Verdict> verdicts(RunResult run) {
        return run.cases().stream().collect(Collectors.toMap(CaseResult::caseId, CaseResult::verdict,
                (a, b) -> a, java.util.LinkedHashMap::new));
    }

    private static CaseResult result(RunResult run, String id) {
        return run.cases().stream().filter(c -> c.caseId().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no result for " + id));
    }
}
