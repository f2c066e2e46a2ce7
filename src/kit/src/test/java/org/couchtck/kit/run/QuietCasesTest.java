package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.report.RunResult;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A quiet HTTP case starts once every other corpus case of the run has ended, so no other case writes meanwhile. */
@Timeout(300)
class QuietCasesTest {

    @Test
    void should_start_a_quiet_case_after_every_other_corpus_case_ended() {
        // given: the quiet /_db_updates timeout cases among cases that write to the server
        RunConfiguration d = RunConfiguration.defaults();
        // the reference is held to the exact profile: every case applies
        RunConfiguration config = new RunConfiguration(Optional.empty(), d.profile().withConformance(
                Conformance.EXACT), d.timeout(), Optional.empty(),
                new CaseSelection(List.of("http.db_updates.*-timeout", "http.databases.*", "http.bulk_docs.*"),
                        List.of(), Set.of()), Optional.empty(), d.startTimeout(), EnumSet.of(Suite.HTTP),
                Optional.empty(), Optional.empty());

        // when
        RunResult run = ConformanceRunner.run(config, Optional.empty(), "quiet", ConformanceRunner.Progress.NONE);

        // then
        List<CaseResult> quiet = run.cases().stream().filter(c -> c.caseId().endsWith("-timeout")).toList();
        List<CaseResult> others = run.cases().stream().filter(c -> !c.caseId().endsWith("-timeout")).toList();
        assertThat(quiet).extracting(CaseResult::caseId).containsExactlyInAnyOrder(
                "http.db_updates.continuous-timeout", "http.db_updates.longpoll-timeout");
        assertThat(others).hasSizeGreaterThan(20);
        assertThat(run.cases()).allSatisfy(c -> assertThat(c.verdict()).as(c.caseId() + ": " + c.message())
                .isIn(Verdict.PASS, Verdict.WARN));
        Instant othersEnded = others.stream().map(QuietCasesTest::last).max(Instant::compareTo).orElseThrow();
        assertThat(quiet).allSatisfy(c -> assertThat(first(c)).as(c.caseId()).isAfterOrEqualTo(othersEnded));
        List<Instant> starts = quiet.stream().map(QuietCasesTest::first).sorted().toList();
        CaseResult firstQuiet = quiet.stream().filter(c -> first(c).equals(starts.get(0))).findFirst().orElseThrow();
        assertThat(starts.get(1)).as("one quiet case at a time").isAfterOrEqualTo(last(firstQuiet));
    }

    @Test
    void should_start_a_case_that_needs_the_externals_api_alone_after_the_other_externals_cases_while_the_rest_run() {
        // given: the daemons cases (six of them need the Externals API to themselves) among cases of other sections
        RunConfiguration d = RunConfiguration.defaults();
        // the reference is held to the exact profile: every case applies
        RunConfiguration config = new RunConfiguration(Optional.empty(), d.profile().withConformance(
                Conformance.EXACT), d.timeout(), Optional.empty(),
                new CaseSelection(List.of("http.daemons.*", "http.changes.*"), List.of(), Set.of()),
                Optional.empty(), d.startTimeout(), EnumSet.of(Suite.HTTP), Optional.empty(), Optional.empty());
        Set<String> alone = Set.of("http.daemons.restarted-after-death", "http.daemons.restart-on-registered-key",
                "http.daemons.restart-on-registered-section", "http.daemons.no-restart-on-other-keys",
                "http.daemons.started-and-stopped-with-config", "http.daemons.halted-after-failures");

        // when
        RunResult run = ConformanceRunner.run(config, Optional.empty(), "externals", ConformanceRunner.Progress.NONE);

        // then
        assertThat(run.cases()).allSatisfy(c -> assertThat(c.verdict()).as(c.caseId() + ": " + c.message())
                .isIn(Verdict.PASS, Verdict.WARN));
        List<CaseResult> exclusive = run.cases().stream().filter(c -> alone.contains(c.caseId()))
                .sorted(Comparator.comparing(QuietCasesTest::first)).toList();
        List<CaseResult> sharing = run.cases().stream().filter(c -> c.caseId().startsWith("http.daemons.")
                && !alone.contains(c.caseId())).toList();
        List<CaseResult> others = run.cases().stream().filter(c -> c.caseId().startsWith("http.changes.")).toList();
        assertThat(exclusive).hasSize(alone.size());
        Instant sharingEnded = sharing.stream().map(QuietCasesTest::last).max(Instant::compareTo).orElseThrow();
        assertThat(exclusive).allSatisfy(c -> assertThat(first(c)).as(c.caseId()).isAfterOrEqualTo(sharingEnded));
        for (int i = 1; i < exclusive.size(); i++) {
            assertThat(first(exclusive.get(i))).as("one at a time: " + exclusive.get(i).caseId())
                    .isAfterOrEqualTo(last(exclusive.get(i - 1)));
        }
        Instant othersEnded = others.stream().map(QuietCasesTest::last).max(Instant::compareTo).orElseThrow();
        assertThat(first(exclusive.get(0))).as("the first such case starts while other sections' cases run")
                .isBefore(othersEnded);
    }

    private static Instant first(CaseResult result) {
        return result.transcript().get(0).at();
    }

    private static Instant last(CaseResult result) {
        List<TranscriptEntry> entries = result.transcript();
        return entries.get(entries.size() - 1).at();
    }
}
