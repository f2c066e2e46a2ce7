package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunResult;
import org.couchtck.kit.process.ChildProcesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
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

    // One run of every listed case on the reference, for all the parameterized tests.
    private static Map<String, CaseResult> onTheReference;

    @AfterEach
    void no_child_process_outlives_a_run() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @BeforeAll
    static void run_the_listed_cases_on_the_reference() {
        onTheReference = run(provenCaseIds(), Optional.empty());
    }

    private static List<String> provenCaseIds() {
        return casesAndDefects().map(arguments -> (String) arguments.get()[0]).distinct().toList();
    }

    @Test
    void every_case_that_no_recording_backs_is_proven_here() {
        List<String> proven = provenCaseIds();

        assertThat(Corpus.builtIn().cases()).filteredOn(c -> c.transcript().isEmpty()).extracting(Case::id)
                .isNotEmpty().allSatisfy(id -> assertThat(proven).contains(id));
    }

    static Stream<Arguments> casesAndDefects() {
        return Stream.of(
                arguments("qs.rewrites.no-result-no-dispatch-rule", "rewrite-falsy-ok", Verdict.FAIL),
                arguments("qs.rewrites.falsy-results-no-dispatch-rule", "rewrite-falsy-ok", Verdict.WARN),
                arguments("qs.rewrites.javascript-falsy-results-no-dispatch-rule", "rewrite-falsy-ok", Verdict.WARN),
                arguments("qs.rewrites.truthy-non-object-passed-on", "rewrite-odd-result-refused", Verdict.WARN),
                arguments("qs.ddoc.function-syntax-error", "ddoc-compile-error-ignored", Verdict.FAIL),
                arguments("qs.ddoc.function-syntax-error-keeps-serving", "ddoc-compile-error-as-render-error",
                        Verdict.WARN),
                arguments("qs.ddoc.function-syntax-error-message", "ddoc-compile-error-as-render-error",
                        Verdict.WARN),
                arguments("qs.ddoc.function-not-a-function", "ddoc-compile-error-ignored", Verdict.FAIL),
                arguments("qs.ddoc.function-not-a-function-message", "ddoc-compile-error-as-render-error",
                        Verdict.WARN),
                arguments("qs.require.parent-beyond-root", "require-climbs-to-root", Verdict.FAIL),
                arguments("qs.require.parent-beyond-root-message", "require-climbs-to-root", Verdict.WARN),
                arguments("qs.require.parent-of-first-level-folder", "require-climbs-to-root", Verdict.WARN),
                arguments("qs.require.dot-from-root-module", "require-climbs-to-root", Verdict.WARN),
                arguments("qs.lists.command-while-waiting-for-rows", "list-stray-command-answered", Verdict.WARN),
                arguments("qs.lists.command-while-waiting-for-rows-reason", "list-stray-command-answered",
                        Verdict.WARN));
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("casesAndDefects")
    void case_passes_on_the_reference_and_not_on_a_server_with_its_defect(String caseId, String defect,
            Verdict expected) {
        // when
        CaseResult onBroken = run(List.of(caseId),
                Optional.of(TestTargets.commandLine(BROKEN_SERVER) + " " + defect)).get(caseId);

        // then
        CaseResult onReference = onTheReference.get(caseId);
        assertThat(onReference.verdict()).as(onReference.message()).isEqualTo(Verdict.PASS);
        assertThat(onBroken.verdict()).as(onBroken.message()).isEqualTo(expected);
    }

    private static Map<String, CaseResult> run(List<String> caseIds, Optional<String> server) {
        RunConfiguration config = new RunConfiguration(server,
                TestTargets.javascript().withConformance(Conformance.COUCHJS), Duration.ofSeconds(3),
                Optional.empty(), new CaseSelection(caseIds, List.of(), Set.of()), Optional.empty());
        RunResult run = ConformanceRunner.run(config, "fault", ConformanceRunner.Progress.NONE);
        assertThat(run.cases()).extracting(CaseResult::caseId).containsExactlyInAnyOrderElementsOf(caseIds);
        return run.cases().stream().collect(Collectors.toMap(CaseResult::caseId, Function.identity()));
    }
}
