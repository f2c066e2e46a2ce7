package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.queryserver.GeneratedSuites;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules that keep verdicts true, each proven with a built-in case against a test-double server that breaks it:
 * a killed process never counts as an exit, a server that exits where a reply was due has answered wrongly (not
 * ERROR), exiting on unsupported commands is not unresponsiveness, start-up has its own grace, a timeout is run
 * again in a fresh process before it is judged, and log lines are not replies.
 */
class VerdictRulesTest {

    /**
     * The per-message timeout of the cases that wait for a hang: a hang costs it, and a real reply of the Rhino
     * reference must come within it on a loaded machine (at load 20-30 an add_fun took over 1 s).
     */
    private static final Duration REPLY_BOUND = Duration.ofSeconds(5);


    private static final String BROKEN = "org.couchtck.kit.testservers.BrokenReferenceServer";

    @AfterEach
    void no_child_process_outlives_a_run() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void a_server_that_ignores_the_end_of_its_input_does_not_pass_the_exit_cases() {
        // given a server that keeps running when its standard input closes
        RunResult run = run("ignores-end-of-input", List.of("qs.protocol.eof-*"), Duration.ofSeconds(2),
                Duration.ofSeconds(20));

        // then the kit had to kill it, and that is never an exit
        assertThat(run.cases()).isNotEmpty().allSatisfy(c -> {
            assertThat(c.verdict()).as(c.caseId() + ": " + c.message()).isEqualTo(broken(c.level()));
            assertThat(c.message()).contains("did not exit on its own");
        });
    }

    @Test
    void a_server_that_exits_on_ddoc_commands_fails_those_cases_and_passes_the_rest() {
        // given a server without design-document support that exits on every ddoc command
        RunResult run = run("exits-on-ddoc", List.of("qs.shows.*", "qs.map_doc.*"), Duration.ofSeconds(5),
                Duration.ofSeconds(20));

        // then the show cases are wrong answers with their transcripts, never ERROR or "not run"
        List<CaseResult> shows = section(run, "shows");
        assertThat(shows).filteredOn(c -> c.verdict() != Verdict.NA).isNotEmpty().allSatisfy(c -> {
            assertThat(c.verdict()).as(c.caseId() + ": " + c.message()).isEqualTo(broken(c.level()));
            assertThat(c.transcript()).isNotEmpty();
        });
        // and the process restarted for every later case: map_doc cases run and are judged as on the reference
        assertThat(section(run, "map_doc")).filteredOn(c -> c.verdict() != Verdict.NA).isNotEmpty()
                .allSatisfy(c -> assertThat(c.verdict()).as(c.caseId() + ": " + c.message())
                        .isIn(judgedAsOnTheReference(c.level())));
    }

    @Test
    void a_server_slow_to_start_gets_the_start_grace_for_its_first_reply() {
        // given a server that, once started, reads nothing for 3 s longer than the per-message timeout
        RunResult run = run("slow-start " + (REPLY_BOUND.toMillis() + 3000), List.of("qs.map_doc.*"), REPLY_BOUND,
                Duration.ofSeconds(60));

        // then every applicable case is judged as on the reference (which breaks only INFO details here)
        assertThat(run.cases()).filteredOn(c -> c.verdict() != Verdict.NA).isNotEmpty()
                .allSatisfy(c -> assertThat(c.verdict()).as(c.caseId() + ": " + c.message())
                        .isIn(judgedAsOnTheReference(c.level())));
        assertThat(run.cases()).anySatisfy(c -> assertThat(c.transcript())
                .anySatisfy(e -> assertThat(e.text()).contains("start-up grace")));
    }

    @Test
    void a_timeout_is_run_again_in_a_fresh_process_with_larger_bounds_and_a_pass_then_is_slow(@TempDir Path dir) {
        // given a server whose first process never answers its first map_doc
        RunResult run = run("hang-once " + dir.resolve("marker"), List.of("qs.map_doc.three-functions"),
                REPLY_BOUND, Duration.ofSeconds(20));

        // then the second run decides, and the result says so
        CaseResult result = run.cases().get(0);
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(result.slow()).isTrue();
        assertThat(result.message()).startsWith("slow here: it passed only when run again in a fresh process with "
                + "4× its bounds (it took ").contains("after a first run with step ");
    }

    @Test
    void a_command_that_hangs_twice_is_not_run_again_for_later_cases() {
        // given a server that never answers ddoc commands but answers everything else
        // (a short bound: each hang waits it out, once more 4× in a fresh process; a slow reply is judged again so)
        RunResult run = run("silent-on-ddoc", List.of("qs.shows.string-result", "qs.shows.json-field",
                "qs.shows.base64-and-headers", "qs.map_doc.three-functions"), Duration.ofSeconds(2),
                Duration.ofSeconds(20));

        // then each show case is a wrong answer; the first was run again in a fresh process, the later ones not
        List<CaseResult> shows = section(run, "shows");
        assertThat(shows).hasSize(3).allSatisfy(c -> assertThat(c.verdict()).as(c.caseId() + ": " + c.message())
                .isEqualTo(broken(c.level())));
        assertThat(shows.get(0).message()).contains("(a hang: also when run again in a fresh process with 4× its "
                + "bounds)");
        assertThat(shows.subList(1, 3)).allSatisfy(c -> assertThat(c.message())
                .contains("not run again: 'ddoc' already went unanswered"));
        // and the server is not given up on: the map case still runs and passes
        assertThat(result(run, "qs.map_doc.three-functions").verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void a_start_up_log_line_is_not_a_wrong_reply() {
        // given a server that greets with ["log","Alive!"], as CouchDB just logs it
        // when
        CaseResult replies = generated("startup-log", GeneratedSuites.MAP_DIFFERENTIAL);

        // then the replies agree with the reference
        assertThat(replies.verdict()).as(replies.message()).isEqualTo(Verdict.PASS);
    }

    @Test
    void extra_log_lines_are_no_wrong_reply_but_the_log_line_check_notes_them() {
        // given a server that logs a line before every reply
        // when
        CaseResult replies = generated("chatty-log", GeneratedSuites.SESSION_DIFFERENTIAL);
        CaseResult logs = generated("chatty-log", GeneratedSuites.LOG_LINES);

        // then only the INFO check of log lines differs
        assertThat(replies.verdict()).as(replies.message()).isEqualTo(Verdict.PASS);
        assertThat(logs.verdict()).isEqualTo(Verdict.WARN);
        assertThat(logs.message()).contains("log messages differ", "handled");
    }

    @Test
    void a_generated_case_whose_reply_came_too_late_once_passes_as_slow_when_judged_again(@TempDir Path dir) {
        // given a server whose first process answers its second map_doc 7 s late, beyond the 5 s bound
        CaseResult result = generated("slow-once " + dir.resolve("marker") + " 7000",
                GeneratedSuites.MAP_DIFFERENTIAL);

        // then the run that ran out is not the verdict: judged again with 20 s, it passes as slow
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(result.slow()).isTrue();
        assertThat(result.message()).contains("no reply within 5000 ms");
    }

    private static RunResult run(String defect, List<String> include, Duration timeout, Duration startTimeout) {
        RunConfiguration config = new RunConfiguration(Optional.of(TestTargets.commandLine(BROKEN) + " " + defect),
                TestTargets.javascript(), timeout, Optional.empty(), new CaseSelection(include, List.of(), Set.of()),
                Optional.empty(), startTimeout);
        return ConformanceRunner.run(config, "verdict-rules", ConformanceRunner.Progress.NONE);
    }

    private static CaseResult generated(String defect, String id) {
        GenerationSettings settings = new GenerationSettings(7, new GenerationBudget(8, Duration.ofSeconds(60), 200,
                Duration.ofSeconds(30)), NumberMode.EXACT, Optional.empty());
        RunConfiguration config = new RunConfiguration(Optional.of(TestTargets.commandLine(BROKEN) + " " + defect),
                TestTargets.javascript(), Duration.ofSeconds(5), Optional.empty(),
                new CaseSelection(List.of(id), List.of(), Set.of()), Optional.empty(), Duration.ofSeconds(20));
        return result(ConformanceRunner.run(config, Optional.of(settings), defect,
                ConformanceRunner.Progress.NONE), id);
    }

    /** What the reference itself gets on the corpus: passes, and INFO details of its engine that differ. */
    private static Set<Verdict> judgedAsOnTheReference(Level level) {
        return level == Level.INFO ? Set.of(Verdict.PASS, Verdict.WARN) : Set.of(Verdict.PASS);
    }

    private static List<CaseResult> section(RunResult run, String section) {
        return run.cases().stream().filter(c -> c.section().equals(section)).toList();
    }

    private static CaseResult result(RunResult run, String id) {
        return run.cases().stream().filter(c -> c.caseId().equals(id)).findFirst().orElseThrow();
    }

    private static Verdict broken(Level level) {
        return level.failsRun() ? Verdict.FAIL : Verdict.WARN;
    }
}
