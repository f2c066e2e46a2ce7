package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import java.nio.file.Path;
import java.util.List;
import org.couchtck.kit.check.Verdict;
import org.junit.jupiter.api.Test;

class ConsoleSummaryTest {

    private static final ReportFiles FILES = ReportFiles.in(Path.of("reports", "run-1"));

    @Test
    void should_print_totals_failing_cases_and_report_paths_when_colour_is_off() {
        // given
        RunResult run = TestRuns.everyVerdict();

        // when
        String text = ConsoleSummary.render(run, FILES, false);

        // then
        assertThat(text.lines()).containsExactly(
                "couchtck: 7 cases — 1 pass, 1 fail, 1 warn, 1 na, 1 error, 1 known, 1 stale — FAILED in 12.3 s",
                "MUST: 1 of 5 applicable passed · 5 of the profile's 5 applicable",
                "  FAIL  qs.map_doc.throw-drops-emits  reply differs at $[0]",
                "  ERROR qs.reduce.hangs  timed out after 5000 ms",
                "  STALE qs.ddoc.fixed-bug  baseline entry now passes: was issue #7",
                "Reports: " + Path.of("reports", "run-1", "report.html"),
                "         " + Path.of("reports", "run-1", "results.json") + ", junit.xml, summary.md");
        assertThat(text).doesNotContain("\u001b");
    }

    @Test
    void should_list_the_cases_that_passed_only_as_slow_apart_from_the_verdicts() {
        RunResult run = TestRuns.aRun().with(TestRuns.aCase("http.reduce.big").verdict(Verdict.PASS)
                .message(org.couchtck.kit.check.CaseResult.SLOW_PREFIX + "it passed only when judged again alone")
                .duration(java.time.Duration.ofSeconds(23))).with(TestRuns.aCase("http.x.quick")).build();

        String text = ConsoleSummary.render(run, FILES, false);

        assertThat(text).contains("— PASSED").contains("Slow here: 1 case ran out of time beside the others and "
                + "passed when judged again alone with larger bounds:\n  http.reduce.big (took 23.0 s)\n");
    }

    @Test
    void should_colour_verdicts_when_colour_is_on() {
        String text = ConsoleSummary.render(TestRuns.everyVerdict(), FILES, true);
        assertThat(text).contains("\u001b[31m1 fail\u001b[0m", "\u001b[32m1 pass\u001b[0m",
                "\u001b[31m\u001b[1mFAILED\u001b[0m", "\u001b[31mFAIL \u001b[0m qs.map_doc.throw-drops-emits");
    }

    @Test
    void should_neutralise_control_characters_when_a_message_holds_terminal_codes() {
        // given
        RunResult run = aRun().with(aCase("qs.map_doc.evil").verdict(Verdict.FAIL)
                .message("\u001b]0;pwned\u0007\u001b[2J\nsecond line\rthird")).build();

        // when
        String text = ConsoleSummary.render(run, FILES, false);

        // then
        assertThat(text).doesNotContain("\u001b", "\u0007", "\r")
                .contains("qs.map_doc.evil  \\u001b]0;pwned\\u0007\\u001b[2J second line third");
    }

    @Test
    void should_cap_the_failure_list_when_many_cases_fail() {
        // given
        TestRuns.RunBuilder builder = aRun();
        for (int i = 0; i < 25; i++) {
            builder.with(aCase("qs.map_doc.case-" + i).verdict(Verdict.ERROR).message("crash " + i));
        }

        // when
        String text = ConsoleSummary.render(builder.build(), FILES, false);

        // then
        assertThat(text.lines().filter(l -> l.startsWith("  ERROR")).count()).isEqualTo(ConsoleSummary.MAX_LISTED);
        assertThat(text).contains("  … and 5 more\n");
    }

    @Test
    void should_say_passed_when_nothing_failed() {
        String text = ConsoleSummary.render(aRun().with(aCase("qs.map_doc.ok")).build(), FILES, false);
        assertThat(text.lines().findFirst()).hasValueSatisfying(l -> assertThat(l).contains("— PASSED in"));
    }

    @Test
    void manyCasesWithOneReasonAreOneLine() {
        TestRuns.RunBuilder builder = aRun().with(aCase("http.a.first").verdict(Verdict.FAIL).message("wrong"));
        for (int i = 0; i < 400; i++) {
            builder.with(aCase("http.b.case-" + i).verdict(Verdict.ERROR).message("not run: the endpoint is gone"));
        }

        String text = ConsoleSummary.render(builder.build(), FILES, false);

        assertThat(text.lines().filter(l -> l.startsWith("  ERROR") || l.startsWith("  FAIL"))).containsExactly(
                "  FAIL  http.a.first  wrong",
                "  ERROR 400 cases (http.b.case-0 … http.b.case-399)  not run: the endpoint is gone");
        assertThat(text).doesNotContain("more\n");
    }

    @Test
    void aProcessThatExitedShowsTheEndOfItsStandardErrorUnderItsFailure() {
        String text = ConsoleSummary.render(aRun().with(aCase("qs.map_doc.one").verdict(Verdict.FAIL)
                .message("step 2 (map_doc): server exited with status 1 before replying")
                .stderr("Traceback (most recent call last):").stderr("  File \"view.py\", line 9, in run")
                .stderr("    fun(doc)").stderr("KeyError: 'emit'")).build(), FILES, false);

        assertThat(text).contains("  FAIL  qs.map_doc.one  step 2 (map_doc): server exited with status 1 before "
                + "replying\n        its standard error ended: File \"view.py\", line 9, in run | fun(doc) | "
                + "KeyError: 'emit'\n");
    }

    @Test
    void aReplyThatIsNotJsonIsShownUnderItsFailure() {
        String text = ConsoleSummary.render(aRun().with(aCase("qs.map_doc.one").verdict(Verdict.FAIL)
                .message("step 0 (the reset before the case): reply is not JSON").actual("OK\u0007 ready"))
                .build(), FILES, false);

        assertThat(text).contains("reply is not JSON\n        the line: OK\\u0007 ready\n");
    }

    @Test
    void aWrongAnswerShowsNoStandardError() {
        String text = ConsoleSummary.render(aRun().with(aCase("qs.map_doc.one").verdict(Verdict.FAIL)
                .message("step 2 (map_doc): expected [[[1,2]]]").stderr("debug: mapping")).build(), FILES, false);

        assertThat(text).doesNotContain("standard error");
    }

    @Test
    void theFailuresOfOneCaseEachComeBeforeTheReasonsManyCasesShare() {
        // given a server that exits on every ddoc command, and fails two map_doc cases of its own
        TestRuns.RunBuilder builder = aRun();
        for (int i = 0; i < 30; i++) {
            builder.with(aCase("qs.ddoc.case-" + i).verdict(Verdict.FAIL).message("step 1 (ddoc): server exited "
                    + "with status 1 before replying"));
        }
        builder.with(aCase("qs.map_doc.emits-null").verdict(Verdict.FAIL).message("step 2: expected [[[null,1]]]"));
        builder.with(aCase("qs.reduce.sum").verdict(Verdict.ERROR).message("step 1: no reply within 5000 ms"));

        // when
        String text = ConsoleSummary.render(builder.build(), FILES, false);

        // then
        assertThat(text.lines().filter(l -> l.startsWith("  FAIL") || l.startsWith("  ERROR"))).containsExactly(
                "  FAIL  qs.map_doc.emits-null  step 2: expected [[[null,1]]]",
                "  ERROR qs.reduce.sum  step 1: no reply within 5000 ms",
                "  FAIL  30 cases (qs.ddoc.case-0 … qs.ddoc.case-29)  step 1 (ddoc): server exited with status 1 "
                        + "before replying");
    }

    @Test
    void aCommandTheServerDoesNotKnowIsOneLineAfterTheFailuresOfWhatItDoesKnow() {
        // given a map-only server: 25 design-document cases refused at various steps, and two map_doc failures
        TestRuns.RunBuilder builder = aRun();
        for (int i = 0; i < 25; i++) {
            builder.with(aCase("qs.shows.case-" + i).verdict(Verdict.FAIL).message("step " + (i % 3 + 1)
                    + " (ddoc): expected [\"resp\",…], got [\"error\",\"unknown_command\",\"unknown command "
                    + "'ddoc'\"]"));
        }
        builder.with(aCase("qs.map_doc.emits-null").verdict(Verdict.FAIL).message("step 2: expected [[[null,1]]]"));
        builder.with(aCase("qs.map_doc.unicode").verdict(Verdict.FAIL).message("step 2: expected [[[\"é\",1]]]"));

        // when
        String text = ConsoleSummary.render(builder.build(), FILES, false);

        // then
        assertThat(text.lines().filter(l -> l.startsWith("  FAIL"))).satisfiesExactly(
                line -> assertThat(line).isEqualTo("  FAIL  qs.map_doc.emits-null  step 2: expected [[[null,1]]]"),
                line -> assertThat(line).isEqualTo("  FAIL  qs.map_doc.unicode  step 2: expected [[[\"é\",1]]]"),
                line -> assertThat(line).startsWith("  FAIL  25 cases (qs.shows.case-0 … qs.shows.case-24)  the "
                        + "server does not know the command 'ddoc' (the first: step 1 (ddoc)"));
        assertThat(text).doesNotContain("more\n");
    }

    @Test
    void theEndpointsOutagesAreListedByTheCaseThatCausedThem() {
        RunResult run = aRun().with(aCase("http.changes.filter-x").verdict(Verdict.FAIL).message("crashed it"))
                .outage(new EndpointOutage(1, TestRuns.STARTED, "exited with status 1", "Error: boom\n  at x",
                        List.of("http.changes.filter-x: GET /db/_changes?filter=x", "http.a.b: PUT /db2"),
                        List.of("http.changes.filter-x"), "of the cases with a request in flight, this one made it "
                                + "go away alone (outage 2)"))
                .outage(new EndpointOutage(2, TestRuns.STARTED, "exited with status 1", "Error: boom", List.of(
                        "http.changes.filter-x: GET /db/_changes?filter=x"), List.of("http.changes.filter-x"),
                        "it went away again while this case ran alone"))
                .outage(new EndpointOutage(3, TestRuns.STARTED, "exited with status 1", "", List.of(
                        "http.changes.filter-x: GET /db/a", "http.changes.filter-y: GET /db/b"),
                        List.of("http.changes.filter-x", "http.changes.filter-y"), "one of these, in flight "
                                + "together, each made it go away alone"))
                .outage(new EndpointOutage(4, TestRuns.STARTED, "stopped answering (GET / no response)", "",
                        List.of("http.c.d: GET /db/x"), List.of(), "the cases in flight ran again without an "
                                + "outage: http.c.d"))
                .build();

        String text = ConsoleSummary.render(run, FILES, false);

        assertThat(text).contains("The endpoint went away 4 times: 2 cases caused it (each FAILs); 1 outage came "
                + "while several of them were in flight at once; 1 outage came without a cause found; the cases it "
                + "disturbed ran again once it was back.\n"
                + "  http.changes.filter-x: exited with status 1 (outages 1, 2); its standard error ended: Error: boom\n"
                + "  one of http.changes.filter-x, http.changes.filter-y: exited with status 1 (outage 3); one of "
                + "these, in flight together, each made it go away alone\n"
                + "  no cause found: stopped answering (GET / no response) (outage 4); the cases in flight ran again "
                + "without an outage: http.c.d; in flight: http.c.d: GET /db/x\n");
    }

    @Test
    void causesTheBaselineKnowsAreSaidToBeKnown() {
        RunResult run = aRun().with(aCase("http.changes.filter-x").verdict(Verdict.KNOWN).message("crashed it"))
                .outage(new EndpointOutage(1, TestRuns.STARTED, "exited with status 1", "", List.of(
                        "http.changes.filter-x: GET /db/_changes?filter=x"), List.of("http.changes.filter-x"),
                        "it went away again while this case ran alone"))
                .build();

        String text = ConsoleSummary.render(run, FILES, false);

        assertThat(text).contains("The endpoint went away once: 1 case caused it (each FAILs, known to the "
                + "baseline); the cases it disturbed ran again once it was back.");
    }
}
