package org.couchtck.kit.endpoint.generated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.endpoint.generated.SuiteRunnerFixture.tail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The generated view properties against the reference endpoint, and against broken ones. */
@Timeout(300)
class ViewSuiteRunnerTest {

    private static final GenerationBudget PASSING = new GenerationBudget(3, Duration.ofSeconds(60), 100,
            Duration.ofSeconds(30));
    private static final GenerationBudget FAILING = new GenerationBudget(3, Duration.ofSeconds(60), 300,
            Duration.ofSeconds(30));
    private static final AtomicInteger RUNS = new AtomicInteger();

    @RegisterExtension
    static final SuiteRunnerFixture REFERENCE = new SuiteRunnerFixture();

    private record Run(CaseResult result, String runId) {}

    private static Run run(EndpointTarget target, String id, long seed, GenerationBudget budget) {
        String runId = "viewtest" + RUNS.incrementAndGet();
        CaseResult result = new ViewSuiteRunner(target, runId, Duration.ofSeconds(30), seed, budget, "")
                .run(ViewSuites.find(id).orElseThrow());
        return new Run(result, runId);
    }

    private static EndpointTarget broken(FaultyViewTarget.Fault fault) {
        return new FaultyViewTarget(REFERENCE.endpoint(), fault);
    }

    @Test
    void should_pass_every_view_property_and_leave_no_database_when_the_endpoint_is_the_reference() {
        // given
        List<Run> runs = new ArrayList<>();

        // when
        for (long seed : new long[] {21, 22}) {
            for (var testCase : ViewSuites.cases()) {
                runs.add(run(REFERENCE.endpoint(), testCase.id(), seed, PASSING));
            }
        }

        // then
        assertThat(runs).hasSize(8).allSatisfy(run -> {
            CaseResult result = run.result();
            assertThat(result.verdict()).as(result.caseId() + ": " + result.message() + "\n" + tail(result))
                    .isEqualTo(Verdict.PASS);
            assertThat(result.seed()).isPresent();
            assertThat(result.transcript()).anySatisfy(e -> assertThat(e.text()).contains("3 generated examples"));
            assertThat(databasesOf(run.runId())).isEmpty();
        });
    }

    @Test
    void should_fail_collation_order_and_shrink_the_documents_when_two_adjacent_rows_are_swapped() {
        // when
        Run run = run(broken(FaultyViewTarget.Fault.SWAPS_ADJACENT_ROWS), ViewSuites.COLLATION_ORDER, 5, FAILING);

        // then
        CaseResult result = run.result();
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("where the reference collation puts")
                .contains("\nreproduce: couchtck replay " + ViewSuites.COLLATION_ORDER + " --seed 5");
        assertThat(result.seed()).hasValue(5);
        int[] shrunk = shrunk(result);
        assertThat(shrunk[1]).isEqualTo(2).isLessThanOrEqualTo(shrunk[0]);
        assertThat(databasesOf(run.runId())).isEmpty();
    }

    @Test
    void should_fail_builtin_reductions_and_shrink_to_one_document_when_sums_are_one_too_high() {
        // when
        Run run = run(broken(FaultyViewTarget.Fault.SUM_PLUS_ONE), ViewSuites.BUILTIN_REDUCTIONS, 6, FAILING);

        // then
        CaseResult result = run.result();
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("/_view/sum").contains("the reference's _sum")
                .contains("reproduce: couchtck replay " + ViewSuites.BUILTIN_REDUCTIONS + " --seed 6");
        int[] shrunk = shrunk(result);
        assertThat(shrunk[1]).isEqualTo(1).isLessThanOrEqualTo(shrunk[0]);
        assertThat(databasesOf(run.runId())).isEmpty();
    }

    @Test
    void should_pass_builtin_reductions_when_only_the_collation_view_is_broken() {
        // when
        Run run = run(broken(FaultyViewTarget.Fault.SWAPS_ADJACENT_ROWS), ViewSuites.BUILTIN_REDUCTIONS, 7,
                PASSING.withCases(1));

        // then
        assertThat(run.result().verdict()).as(run.result().message()).isEqualTo(Verdict.PASS);
    }

    @Test
    void should_fail_approx_count_distinct_and_shrink_the_document_set_when_estimates_are_20_percent_high() {
        // when
        Run run = run(broken(FaultyViewTarget.Fault.ESTIMATE_PLUS_20_PERCENT), ViewSuites.APPROX_COUNT_DISTINCT, 8,
                FAILING);

        // then
        CaseResult result = run.result();
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("more than 4 standard errors of HyperLogLog")
                .contains("reproduce: couchtck replay " + ViewSuites.APPROX_COUNT_DISTINCT + " --seed 8");
        int[] shrunk = shrunk(result);
        assertThat(shrunk[1]).isLessThan(shrunk[0]);
        assertThat(databasesOf(run.runId())).isEmpty();
    }

    @Test
    void should_warn_approx_count_distinct_exact_when_estimates_differ_from_couch_hyper() {
        // when
        Run run = run(broken(FaultyViewTarget.Fault.ESTIMATE_PLUS_20_PERCENT),
                ViewSuites.APPROX_COUNT_DISTINCT_EXACT, 9, FAILING);

        // then
        CaseResult result = run.result();
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.WARN);
        assertThat(result.message()).contains("where the reference's couch_hyper estimates");
        assertThat(shrunk(result)[1]).isLessThanOrEqualTo(shrunk(result)[0]);
    }

    @Test
    void should_be_error_within_its_bounds_when_the_endpoint_never_answers() throws IOException {
        // given: an endpoint that never answers
        SuiteRunnerFixture.withSilentEndpoint(hanging -> {
            for (var testCase : ViewSuites.cases()) {
                // when
                CaseResult result = new ViewSuiteRunner(hanging, "viewtesthang", Duration.ofSeconds(2), 1, FAILING,
                        "").run(testCase);

                // then
                assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.ERROR);
                assertThat(result.message()).contains("did not answer");
                assertThat(result.duration()).isLessThan(Duration.ofSeconds(30));
            }
        });
    }

    /** The databases of run {@code runId} the reference still has. */
    private static List<String> databasesOf(String runId) {
        try {
            Requests.Answer answer = Requests.send(REFERENCE.endpoint(), new Transcript(), "test", "GET",
                    "/_all_dbs", Optional.empty(), Duration.ofSeconds(10));
            JsonNode names = WireJson.parse(answer.body());
            List<String> left = new ArrayList<>();
            names.forEach(name -> {
                if (name.asText().startsWith("couchtck-" + runId + "-")) {
                    left.add(name.asText());
                }
            });
            return left;
        } catch (Exception e) {
            throw new AssertionError("GET /_all_dbs failed", e);
        }
    }

    /** The sizes of the original and the shrunk example, in documents, as the message says. */
    private static int[] shrunk(CaseResult result) {
        return SuiteRunnerFixture.shrunk(result, "documents");
    }
}
