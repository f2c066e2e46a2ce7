package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunResult;
import org.couchtck.kit.target.ChildProcesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Built-in corpus cases that no couchjs recording backs, each run against the reference and against the reference
 * with the one defect the case is written to catch: it passes on the first and not on the second. Every case without
 * a recording must be listed here.
 */
@Timeout(120)
class CorpusCasesCatchTheirFaultTest {

    private static final String BROKEN_SERVER = "org.couchtck.kit.testservers.BrokenReferenceServer";

    @AfterEach
    void no_child_process_outlives_a_run() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void every_case_that_no_recording_backs_is_proven_here() {
        Set<String> proven = casesAndDefects().map(arguments -> (String) arguments.get()[0]).collect(Collectors.toSet());

        assertThat(Corpus.builtIn().cases()).filteredOn(c -> c.transcript().isEmpty()).extracting(Case::id)
                .isNotEmpty().allSatisfy(id -> assertThat(proven).contains(id));
    }

    static Stream<Arguments> casesAndDefects() {
        return Stream.of(
                arguments("qs.rewrites.no-result-no-dispatch-rule", "rewrite-falsy-ok", Verdict.FAIL),
                arguments("qs.rewrites.falsy-results-no-dispatch-rule", "rewrite-falsy-ok", Verdict.WARN),
                arguments("qs.rewrites.truthy-non-object-passed-on", "rewrite-odd-result-refused", Verdict.WARN),
                arguments("qs.lists.command-while-waiting-for-rows", "list-stray-command-answered", Verdict.WARN),
                arguments("qs.lists.command-while-waiting-for-rows-reason", "list-stray-command-answered",
                        Verdict.WARN));
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("casesAndDefects")
    void case_passes_on_the_reference_and_not_on_a_server_with_its_defect(String caseId, String defect,
            Verdict expected) {
        // when
        CaseResult onReference = runOne(caseId, Optional.empty());
        CaseResult onBroken = runOne(caseId,
                Optional.of(TestTargets.commandLine(BROKEN_SERVER) + " " + defect));

        // then
        assertThat(onReference.verdict()).as(onReference.message()).isEqualTo(Verdict.PASS);
        assertThat(onBroken.verdict()).as(onBroken.message()).isEqualTo(expected);
    }

    private static CaseResult runOne(String caseId, Optional<String> server) {
        RunConfiguration config = new RunConfiguration(server, TestTargets.javascript(), Duration.ofSeconds(3),
                Optional.empty(), new CaseSelection(List.of(caseId), List.of(), Set.of()), Optional.empty());
        RunResult run = ConformanceRunner.run(config, "fault", ConformanceRunner.Progress.NONE);
        assertThat(run.cases()).extracting(CaseResult::caseId).containsExactly(caseId);
        return run.cases().get(0);
    }
}
