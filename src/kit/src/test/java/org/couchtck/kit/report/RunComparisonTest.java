package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import org.couchtck.kit.check.Verdict;
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
        assertThat(comparison.changed()).extracting(Change::caseId).containsExactly("qs.x.a", "qs.x.b", "qs.x.c");
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
        String md = RunComparison.compare(before, after).toMarkdown();

        // then
        assertThat(md).startsWith("## couchtck compare: ❌ regressions")
                .contains("Before `run-a` (3 cases), after `run-b` (3 cases).",
                        "1 broken · 1 fixed · 0 changed · 1 added · 1 removed · 0 unchanged",
                        "### Broken (1)", "| qs.x.broken | PASS | FAIL | a\\|b c |",
                        "### Fixed (1)", "| qs.x.fixed | FAIL | PASS |  |",
                        "### Added (1)", "| qs.x.added | — | PASS |  |",
                        "### Removed (1)", "| qs.x.removed | PASS | — |  |")
                .doesNotContain("### Changed");
        assertThat(md.indexOf("### Broken")).isLessThan(md.indexOf("### Fixed"));
    }

    @Test
    void should_report_no_regressions_when_both_runs_agree() {
        RunResult run = TestRuns.everyVerdict();
        RunComparison comparison = RunComparison.compare(run, run);
        assertThat(comparison.unchanged()).isEqualTo(7);
        assertThat(comparison.toMarkdown()).startsWith("## couchtck compare: ✅ no regressions")
                .doesNotContain("###");
    }
}
