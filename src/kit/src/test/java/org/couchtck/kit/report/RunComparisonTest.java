package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.run.Baseline;
import org.couchtck.kit.report.RunComparison.Change;
import org.junit.jupiter.api.Test;

class RunComparisonTest {

    private static RunResult run(String id, TestRuns.CaseBuilder... cases) {
        TestRuns.RunBuilder builder = aRun().runId(id);
        for (TestRuns.CaseBuilder c : cases) {
            builder.with(c);
        }
        return builder.build();
    }

    @Test
    void should_list_a_case_as_fixed_when_it_failed_or_errored_before_and_passes_now() {
        // given
        RunResult before = run("a", aCase("qs.x.f").verdict(Verdict.FAIL), aCase("qs.x.e").verdict(Verdict.ERROR));
        RunResult after = run("b", aCase("qs.x.f"), aCase("qs.x.e"));

        // when
        RunComparison comparison = RunComparison.compare(before, after);

        // then
        assertThat(comparison.fixed()).containsExactly(new Change("qs.x.f", Verdict.FAIL, Verdict.PASS, ""),
                new Change("qs.x.e", Verdict.ERROR, Verdict.PASS, ""));
        assertThat(comparison.broken()).isEmpty();
        assertThat(comparison.hasRegressions()).isFalse();
    }

    @Test
    void should_list_a_case_as_broken_and_report_a_regression_when_it_passed_before_and_fails_now() {
        // given
        RunResult before = run("a", aCase("qs.x.f"), aCase("qs.x.e"), aCase("qs.x.same"));
        RunResult after = run("b", aCase("qs.x.f").verdict(Verdict.FAIL).message("differs"),
                aCase("qs.x.e").verdict(Verdict.ERROR).message("crash"), aCase("qs.x.same"));

        // when
        RunComparison comparison = RunComparison.compare(before, after);

        // then
        assertThat(comparison.broken()).containsExactly(new Change("qs.x.f", Verdict.PASS, Verdict.FAIL, "differs"),
                new Change("qs.x.e", Verdict.PASS, Verdict.ERROR, "crash"));
        assertThat(comparison.hasRegressions()).isTrue();
        assertThat(comparison.unchanged()).isEqualTo(1);
    }

    @Test
    void should_list_other_verdict_changes_as_changed_when_neither_fixed_nor_broken() {
        // given
        RunResult before = run("a", aCase("qs.x.a").verdict(Verdict.FAIL), aCase("qs.x.b"),
                aCase("qs.x.c").verdict(Verdict.FAIL), aCase("qs.x.d").verdict(Verdict.NA));
        RunResult after = run("b", aCase("qs.x.a").verdict(Verdict.ERROR), aCase("qs.x.b").verdict(Verdict.WARN),
                aCase("qs.x.c").verdict(Verdict.KNOWN), aCase("qs.x.d").verdict(Verdict.NA));

        // when
        RunComparison comparison = RunComparison.compare(before, after);

        // then
        // PASS to WARN is newly failing, if not failing the run: it comes first.
        assertThat(comparison.changed()).extracting(Change::caseId).containsExactly("qs.x.b", "qs.x.a", "qs.x.c");
        assertThat(comparison.fixed()).isEmpty();
        assertThat(comparison.broken()).isEmpty();
        assertThat(comparison.hasRegressions()).isFalse();
        assertThat(comparison.unchanged()).isEqualTo(1);
    }

    @Test
    void should_list_added_and_removed_cases_when_the_corpus_changed() {
        // given
        RunResult before = run("a", aCase("qs.x.old").verdict(Verdict.FAIL).message("gone"), aCase("qs.x.kept"));
        RunResult after = run("b", aCase("qs.x.kept"), aCase("qs.x.new").verdict(Verdict.FAIL).message("new one"));

        // when
        RunComparison comparison = RunComparison.compare(before, after);

        // then
        assertThat(comparison.added()).containsExactly(new Change("qs.x.new", null, Verdict.FAIL, "new one"));
        assertThat(comparison.removed()).containsExactly(new Change("qs.x.old", Verdict.FAIL, null, "gone"));
        assertThat(comparison.hasRegressions()).isFalse();
    }

    @Test
    void should_render_a_table_per_category_when_asked_for_markdown() {
        // given
        RunResult before = run("run-a", aCase("qs.x.fixed").verdict(Verdict.FAIL), aCase("qs.x.broken"),
                aCase("qs.x.removed"));
        RunResult after = run("run-b", aCase("qs.x.fixed"),
                aCase("qs.x.broken").verdict(Verdict.FAIL).message("a|b\nc"), aCase("qs.x.added"));

        // when
        String md = ComparisonMarkdown.render(RunComparison.compare(before, after));

        // then
        assertThat(md).startsWith("## couchtck compare: ❌ regressions")
                .contains("Before `run-a` (3 cases), after `run-b` (3 cases).",
                        "1 newly failing · 0 changed · 1 fixed · 1 added · 1 removed · 0 unchanged",
                        "### Newly failing (1)", "| qs.x.broken | PASS | FAIL | a\\|b c |",
                        "### Fixed (1)", "| qs.x.fixed | FAIL | PASS |  |",
                        "### Added (1)", "| qs.x.added | — | PASS |  |",
                        "### Removed (1)", "| qs.x.removed | PASS | — |  |")
                .doesNotContain("### Changed");
        assertThat(md.indexOf("### Newly failing")).isLessThan(md.indexOf("### Fixed"));
    }

    @Test
    void should_report_no_regressions_when_both_runs_agree() {
        RunResult run = TestRuns.everyVerdict();
        RunComparison comparison = RunComparison.compare(run, run);
        assertThat(comparison.unchanged()).isEqualTo(7);
        assertThat(ComparisonMarkdown.render(comparison)).startsWith("## couchtck compare: ✅ no regressions")
                .doesNotContain("###");
    }

    @Test
    void should_count_any_case_that_now_fails_or_errors_as_a_regression_whatever_it_was_before() {
        RunResult before = run("a", aCase("qs.x.warned").verdict(Verdict.WARN), aCase("qs.x.na").verdict(Verdict.NA),
                aCase("qs.x.known").verdict(Verdict.KNOWN), aCase("qs.x.failed").verdict(Verdict.FAIL));
        RunResult after = run("b", aCase("qs.x.warned").verdict(Verdict.FAIL), aCase("qs.x.na").verdict(Verdict.ERROR),
                aCase("qs.x.known").verdict(Verdict.FAIL), aCase("qs.x.failed").verdict(Verdict.ERROR));

        RunComparison comparison = RunComparison.compare(before, after);

        assertThat(comparison.broken()).extracting(Change::caseId)
                .containsExactly("qs.x.warned", "qs.x.na", "qs.x.known");
        assertThat(comparison.changed()).extracting(Change::caseId).containsExactly("qs.x.failed");
    }

    @Test
    void should_not_call_a_failure_the_baseline_accepts_a_regression_as_run_does_not_fail_for_it() throws Exception {
        // given: a case passed, then failed; the baseline given to compare lists it
        RunResult before = run("a", aCase("qs.x.newly-known"), aCase("qs.x.newly-broken"),
                aCase("qs.x.was-known").verdict(Verdict.KNOWN));
        RunResult after = run("b", aCase("qs.x.newly-known").verdict(Verdict.FAIL),
                aCase("qs.x.newly-broken").verdict(Verdict.FAIL), aCase("qs.x.was-known"));
        Path file = Files.createTempFile("baseline", ".json");
        Files.writeString(file, """
                {"known": [{"id": "qs.x.newly-known", "reason": "accepted"},
                           {"id": "qs.x.was-known", "reason": "fixed since"}]}""");

        // when
        RunComparison comparison = RunComparison.compare(before, after,
                Optional.of(Baseline.read(file)));

        // then: as run --baseline would judge both runs (the earlier run passed a case the baseline lists: STALE)
        assertThat(comparison.broken()).extracting(Change::caseId).containsExactly("qs.x.newly-broken");
        assertThat(comparison.changed()).containsExactly(
                new Change("qs.x.newly-known", Verdict.STALE, Verdict.KNOWN, ""),
                new Change("qs.x.was-known", Verdict.KNOWN, Verdict.STALE, ""));
        Files.delete(file);
    }

    @Test
    void should_report_reply_drift_in_cases_that_pass_in_both_runs_but_not_key_order() {
        RunResult before = run("a",
                aCase("qs.x.error-text").exchange("[\"map_doc\",{}]", "[\"error\",\"x\",\"old text\"]"),
                aCase("qs.x.new-field").exchange("[\"ddoc\"]", "{\"code\":200,\"body\":\"a\"}"),
                aCase("qs.x.key-order").exchange("[\"ddoc\"]", "{\"a\":1,\"b\":[1,2]}"));
        RunResult after = run("b",
                aCase("qs.x.error-text").exchange("[\"map_doc\",{}]", "[\"error\",\"x\",\"new text\"]"),
                aCase("qs.x.new-field").exchange("[\"ddoc\"]", "{\"code\":200,\"body\":\"a\",\"headers\":{}}"),
                aCase("qs.x.key-order").exchange("[\"ddoc\"]", "{ \"b\": [1,2], \"a\": 1 }"));

        RunComparison comparison = RunComparison.compare(before, after);

        assertThat(comparison.drift()).containsExactly(
                new ReplyDrift("qs.x.error-text", 1, "$[2]", "[\"error\",\"x\",\"old text\"]",
                        "[\"error\",\"x\",\"new text\"]"),
                new ReplyDrift("qs.x.new-field", 1, "$.headers", "{\"code\":200,\"body\":\"a\"}",
                        "{\"code\":200,\"body\":\"a\",\"headers\":{}}"));
        assertThat(comparison.hasRegressions()).isFalse();
    }

    @Test
    void should_not_compare_replies_of_cases_whose_requests_differ_as_generated_cases_of_another_seed_do() {
        RunResult before = run("a", aCase("qs.generated-map.x").exchange("[\"map_doc\",{\"n\":1}]", "[[[1,1]]]"));
        RunResult after = run("b", aCase("qs.generated-map.x").exchange("[\"map_doc\",{\"n\":2}]", "[[[2,2]]]"));

        RunComparison comparison = RunComparison.compare(before, after);

        assertThat(comparison.drift()).isEmpty();
        assertThat(comparison.inputsDiffer()).isEqualTo(1);
    }

    @Test
    void should_report_a_section_whose_time_changed_beyond_both_thresholds_only() {
        RunResult before = run("a",
                aCase("qs.slow.a").duration(Duration.ofMillis(800)),
                aCase("qs.jitter.a").duration(Duration.ofMillis(10)),
                aCase("qs.steady.a").duration(Duration.ofMillis(2_000)));
        RunResult after = run("b",
                aCase("qs.slow.a").duration(Duration.ofMillis(1_800)),
                aCase("qs.jitter.a").duration(Duration.ofMillis(900)),
                aCase("qs.steady.a").duration(Duration.ofMillis(2_600)));

        RunComparison comparison = RunComparison.compare(before, after);

        assertThat(comparison.timing()).extracting(SectionTiming::section).containsExactly("query-server/slow");
        assertThat(comparison.timing().get(0).ratio()).isEqualTo(2.25);
        assertThat(comparison.hasRegressions()).isFalse();
    }
}
