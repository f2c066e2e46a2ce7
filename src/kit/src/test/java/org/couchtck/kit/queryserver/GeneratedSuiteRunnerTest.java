package org.couchtck.kit.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.cases.StepKind;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.generate.ReduceFunction;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(180)
class GeneratedSuiteRunnerTest {

    private static final TargetProfile PROFILE = new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of());
    private static final GenerationBudget SMALL = new GenerationBudget(12, Duration.ofSeconds(20), 1_000,
            Duration.ofSeconds(60));

    @TempDir
    Path reports;

    private static ServerCommand broken(String defect) {
        return ServerCommand.javaMain("org.couchtck.kit.testservers.BrokenReferenceServer", defect);
    }

    private CaseResult run(String caseId, ServerCommand command, GenerationBudget budget, long seed,
            Duration timeout) {
        return run(caseId, command, budget, seed, timeout, NumberMode.EXACT);
    }

    private CaseResult run(String caseId, ServerCommand command, GenerationBudget budget, long seed,
            Duration timeout, NumberMode numbers) {
        GenerationSettings settings = new GenerationSettings(seed, budget, numbers, Optional.of(reports));
        try (ServerSupervisor supervisor = new ServerSupervisor(command,
                StdioServerOptions.defaults().withDefaultTimeout(timeout), new StepRenderer(PROFILE));
                GeneratedSuiteRunner runner = new GeneratedSuiteRunner(PROFILE, supervisor, timeout, settings)) {
            return runner.run(GeneratedSuites.find(caseId).orElseThrow());
        }
    }

    @Test
    void should_pass_every_generated_suite_when_the_target_is_the_reference() {
        // given
        ServerCommand reference = ServerCommand.reference();

        // when
        List<CaseResult> results = GeneratedSuites.cases().stream()
                // The robustness suites restart the server after every exit: fewer examples keep them cheap.
                .map(c -> run(c.id(), reference, c.level() == Level.MUST ? SMALL : SMALL.withCases(5), 20261122L,
                        Duration.ofSeconds(10)))
                .toList();

        // then
        assertThat(results).allSatisfy(result -> {
            assertThat(result.verdict()).as(result.caseId() + ": " + result.message()).isEqualTo(Verdict.PASS);
            assertThat(result.seed()).hasValue(20261122L);
        });
    }

    @Test
    void should_shrink_to_one_map_doc_of_a_one_field_document_when_the_server_is_wrong_only_on_negative_zero()
            throws Exception {
        // given
        GenerationBudget budget = new GenerationBudget(200, Duration.ofSeconds(60), 2_000, Duration.ofSeconds(90));

        // when
        CaseResult result = run(GeneratedSuites.MAP_DIFFERENTIAL, broken("negative-zero"), budget, 1L,
                Duration.ofSeconds(10));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.seed()).hasValue(1L);
        assertThat(result.message()).contains("reproduce: printf '%s\\n' ");
        Corpus shrunk = Corpus.load(reports.resolve("shrunk"));
        Case reproducer = shrunk.cases().get(0);
        List<JsonNode> mapDocs = reproducer.steps().stream()
                .map(step -> new StepRenderer(PROFILE).line(step).orElseThrow())
                .filter(line -> line.startsWith("[\"map_doc\""))
                .map(line -> parse(line))
                .toList();
        assertThat(mapDocs).hasSize(1);
        JsonNode doc = mapDocs.get(0).get(1);
        assertThat(doc.size()).isEqualTo(1);
        JsonNode value = doc.elements().next();
        assertThat(value.isDouble() && value.doubleValue() == 0.0 && 1 / value.doubleValue() < 0).isTrue();
        // reset, the one map function CouchDB always adds first (shrunk to emit nothing), the map_doc
        assertThat(reproducer.steps()).hasSize(3);
        assertThat(runCase(reproducer, ServerCommand.reference()).verdict()).isEqualTo(Verdict.PASS);
        assertThat(runCase(reproducer, broken("negative-zero")).verdict()).isEqualTo(Verdict.FAIL);
    }

    /** Runs a corpus case, here the promoted reproducer, as the corpus runner does. */
    private static CaseResult runCase(Case testCase, ServerCommand command) {
        try (ServerSupervisor supervisor = new ServerSupervisor(command, StdioServerOptions.defaults(),
                new StepRenderer(PROFILE))) {
            return new CaseExecutor(PROFILE, supervisor, Duration.ofSeconds(10)).run(testCase);
        }
    }

    @Test
    void should_be_not_applicable_when_the_target_speaks_a_language_the_kit_cannot_write() {
        // given
        TargetProfile klingon = new TargetProfile("klingon", CouchDbVersion.LATEST, Set.of());
        GenerationSettings settings = GenerationSettings.withSeed(1);

        // when
        CaseResult result;
        try (ServerSupervisor supervisor = new ServerSupervisor(broken("negative-zero"),
                StdioServerOptions.defaults(), new StepRenderer(klingon));
                GeneratedSuiteRunner runner = new GeneratedSuiteRunner(klingon, supervisor, Duration.ofSeconds(1),
                        settings)) {
            result = runner.run(GeneratedSuites.find(GeneratedSuites.MAP_DIFFERENTIAL).orElseThrow());
            assertThat(supervisor.starts()).isZero();
        }

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.NA);
    }

    @Test
    void should_run_the_reduce_suite_in_any_language_whose_pack_has_the_generated_reduce_functions(
            @TempDir Path dir) throws Exception {
        // given a language the kit cannot write map functions in, whose pack gives the four reduce functions (in
        // JavaScript here, so that the reference can serve as the target)
        ObjectNode sources = JsonNodeFactory.instance.objectNode();
        for (ReduceFunction.Algebra algebra : ReduceFunction.Algebra.values()) {
            String id = new ReduceFunction(algebra).catalogueId();
            sources.put(id, FunctionLibrary.builtIn().source(id, "javascript").orElseThrow());
        }
        Path pack = dir.resolve("pack.json");
        Files.writeString(pack, JsonNodeFactory.instance.objectNode().put("language", "ecmascript")
                .set("functions", sources).toString());
        TargetProfile ecmascript = new TargetProfile("ecmascript", CouchDbVersion.LATEST, Set.of(),
                Conformance.COUCHDB, FunctionLibrary.builtIn().withPack(pack));
        GenerationSettings settings = new GenerationSettings(5, SMALL, NumberMode.EXACT, Optional.empty());

        // when
        CaseResult reduce;
        CaseResult map;
        try (ServerSupervisor supervisor = new ServerSupervisor(ServerCommand.reference(),
                StdioServerOptions.defaults(), new StepRenderer(ecmascript));
                GeneratedSuiteRunner runner = new GeneratedSuiteRunner(ecmascript, supervisor,
                        Duration.ofSeconds(10), settings)) {
            reduce = runner.run(GeneratedSuites.find(GeneratedSuites.REDUCE_ALGEBRA).orElseThrow());
            map = runner.run(GeneratedSuites.find(GeneratedSuites.MAP_DIFFERENTIAL).orElseThrow());
        }

        // then
        assertThat(reduce.verdict()).as(reduce.message()).isEqualTo(Verdict.PASS);
        assertThat(map.verdict()).isEqualTo(Verdict.NA);
        assertThat(map.message()).contains("cannot write generated map functions in ecmascript");
    }

    @Test
    void should_accept_exact_big_integers_only_when_numbers_are_compared_as_doubles() {
        // given
        GenerationBudget budget = new GenerationBudget(400, Duration.ofSeconds(60), 300, Duration.ofSeconds(30));

        // when
        CaseResult exact = run(GeneratedSuites.MAP_DIFFERENTIAL, broken("exact-integers"), budget, 8L,
                Duration.ofSeconds(10), NumberMode.EXACT);
        CaseResult doubles = run(GeneratedSuites.MAP_DIFFERENTIAL, broken("exact-integers"), budget.withCases(
                exampleCount(exact)), 8L, Duration.ofSeconds(10), NumberMode.IEEE_DOUBLE);

        // then
        assertThat(exact.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(exact.actual()).contains("9007199254740993");
        assertThat(doubles.verdict()).as(doubles.message()).isEqualTo(Verdict.PASS);
    }

    /** How many examples a generated case ran before it stopped (its first failing one included). */
    private static int exampleCount(CaseResult result) {
        return Integer.parseInt(result.message().replaceFirst("^example (\\d+) of .*", "$1").lines()
                .findFirst().orElseThrow()) + 1;
    }

    @Test
    void should_fail_the_reduce_algebra_when_rereduce_is_off_by_one() {
        // when
        CaseResult result = run(GeneratedSuites.REDUCE_ALGEBRA, broken("rereduce-off-by-one"), SMALL, 2L,
                Duration.ofSeconds(10));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("rereduce");
    }

    @Test
    void should_fail_the_reduce_algebra_when_reduce_results_come_in_reverse_order() {
        // when
        CaseResult result = run(GeneratedSuites.REDUCE_ALGEBRA, broken("reduce-reversed"), SMALL, 3L,
                Duration.ofSeconds(10));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("reduce result");
    }

    @Test
    void should_fail_the_session_differential_and_shrink_to_the_add_lib_when_add_lib_is_refused() {
        // when
        CaseResult result = run(GeneratedSuites.SESSION_DIFFERENTIAL, broken("add-lib-refused"), SMALL, 4L,
                Duration.ofSeconds(10));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.actual()).isEqualTo("false");
        assertThat(Corpus.load(reports.resolve("shrunk")).cases().get(0).steps()).hasSize(2);
    }

    @Test
    void should_warn_in_the_robustness_suite_when_the_server_ignores_malformed_lines() {
        // given
        GenerationBudget budget = new GenerationBudget(12, Duration.ofSeconds(60), 1, Duration.ofSeconds(30));

        // when: a timeout well above a test double's start-up, since each hang costs a restart
        CaseResult result = run(GeneratedSuites.ROBUSTNESS, broken("silent-on-malformed"), budget, 5L,
                Duration.ofSeconds(2));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.WARN);
        assertThat(result.message()).contains("no reply");
    }

    @Test
    void should_warn_in_the_recovery_suite_when_the_server_wedges_after_an_error_reply() {
        // given
        GenerationBudget budget = new GenerationBudget(30, Duration.ofSeconds(60), 1, Duration.ofSeconds(30));

        // when
        // (the wedge costs the timeout once per example; a real reply must come within it on a loaded machine)
        CaseResult result = run(GeneratedSuites.RECOVERY, broken("wedged-after-error"), budget, 6L,
                Duration.ofSeconds(5));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.WARN);
        assertThat(result.level()).isEqualTo(Level.INFO);
        assertThat(result.message()).contains("the reset after a survived bad line");
    }

    private static JsonNode parse(String line) {
        try {
            return WireJson.parse(line);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
