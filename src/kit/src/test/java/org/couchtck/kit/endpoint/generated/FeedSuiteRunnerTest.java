package org.couchtck.kit.endpoint.generated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.endpoint.generated.SuiteRunnerFixture.tail;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.generate.GenerationBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The generated feed properties against the reference endpoint, and against broken ones. */
@Timeout(600)
class FeedSuiteRunnerTest {

    private static final GenerationBudget PASSING = new GenerationBudget(3, Duration.ofSeconds(30), 100,
            Duration.ofSeconds(30));
    /** Shrinking a workload whose feeds never catch up costs the settle wait per candidate: bounded by time here. */
    private static final GenerationBudget FAILING = new GenerationBudget(6, Duration.ofSeconds(60), 400,
            Duration.ofSeconds(20));
    /** The reference's global_changes flushes within a second; the default 5 s are for real servers. */
    private static final Duration SETTLE = Duration.ofSeconds(2);
    private static final AtomicInteger RUNS = new AtomicInteger();

    @RegisterExtension
    static final SuiteRunnerFixture REFERENCE = new SuiteRunnerFixture();

    private static CaseResult run(EndpointTarget target, String id, long seed, GenerationBudget budget) {
        WorkloadRunner workloads = new WorkloadRunner(target, "feedtest" + RUNS.incrementAndGet(),
                Duration.ofSeconds(10), WorkloadRunner.WRITE_BOUND, SETTLE);
        return new FeedSuiteRunner(workloads, seed, budget, "").run(FeedSuites.find(id).orElseThrow());
    }

    private static EndpointTarget broken(FaultyFeedTarget.Fault fault) {
        return new FaultyFeedTarget(REFERENCE.endpoint(), fault);
    }

    @Test
    void should_pass_every_feed_property_when_the_endpoint_is_the_reference() {
        // given
        List<CaseResult> results = new ArrayList<>();

        // when
        for (long seed : new long[] {11, 12}) {
            for (var testCase : FeedSuites.cases()) {
                results.add(new FeedSuiteRunner(REFERENCE.endpoint(), "feedtest" + RUNS.incrementAndGet(),
                        Duration.ofSeconds(10), seed, PASSING, "").run(testCase));
            }
        }

        // then
        assertThat(results).hasSize(8).allSatisfy(result -> {
            assertThat(result.verdict()).as(result.caseId() + ": " + result.message() + "\n" + tail(result))
                    .isEqualTo(Verdict.PASS);
            assertThat(result.seed()).isPresent();
            assertThat(result.transcript()).anySatisfy(e -> assertThat(e.text()).contains("generated workloads"));
        });
    }

    @Test
    void should_fail_continuous_order_and_shrink_the_workload_when_a_continuous_feed_repeats_a_row() {
        // when
        CaseResult result = run(broken(FaultyFeedTarget.Fault.REPEATS_A_CONTINUOUS_ROW),
                FeedSuites.CONTINUOUS_ORDER, 5, FAILING);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("the continuous feed").containsAnyOf("twice", "repeated a change")
                .contains("\nreproduce: couchtck replay " + FeedSuites.CONTINUOUS_ORDER + " --seed 5");
        assertThat(result.seed()).hasValue(5);
        int[] shrunk = shrunk(result);
        assertThat(shrunk[1]).isLessThanOrEqualTo(2).isLessThanOrEqualTo(shrunk[0]);
    }

    @Test
    void should_fail_continuous_order_when_a_continuous_feed_drops_its_last_row_before_falling_quiet() {
        // when
        CaseResult result = run(broken(FaultyFeedTarget.Fault.DROPS_THE_LAST_CONTINUOUS_ROW),
                FeedSuites.CONTINUOUS_ORDER, 6, FAILING.withCases(3));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("the continuous feed skipped a change");
        assertThat(shrunk(result)[1]).isLessThanOrEqualTo(shrunk(result)[0]);
    }

    @Test
    void should_pass_continuous_order_when_only_the_normal_feeds_are_broken() {
        // when
        CaseResult result = run(broken(FaultyFeedTarget.Fault.RESUME_LOSES_THE_FIRST_ROW),
                FeedSuites.CONTINUOUS_ORDER, 7, PASSING.withCases(2));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
    }

    @Test
    void should_fail_resume_when_a_feed_resumed_from_a_seq_loses_its_first_row() {
        // when
        CaseResult result = run(broken(FaultyFeedTarget.Fault.RESUME_LOSES_THE_FIRST_ROW), FeedSuites.RESUME, 8,
                FAILING);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).containsAnyOf("misses", "skipped a change");
    }

    @Test
    void should_fail_db_updates_when_db_updates_never_reports_a_deletion() {
        // when
        CaseResult result = run(broken(FaultyFeedTarget.Fault.NO_DELETED_DB_UPDATES), FeedSuites.DB_UPDATES, 9,
                FAILING.withCases(20));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("/_db_updates never reported").contains("as deleted")
                .contains("delete database");
        assertThat(shrunk(result)[1]).isLessThanOrEqualTo(shrunk(result)[0]);
    }

    @Test
    void should_fail_no_lost_writes_when_an_acknowledged_write_never_reaches_the_database() {
        // when
        CaseResult result = run(broken(FaultyFeedTarget.Fault.LOSES_THE_FIRST_WRITE), FeedSuites.NO_LOST_WRITES, 10,
                FAILING);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).containsAnyOf("has no row for", "was not acknowledged");
        assertThat(shrunk(result)[1]).isLessThanOrEqualTo(2);
    }

    @Test
    void should_be_error_within_its_bounds_when_the_endpoint_never_answers() throws IOException {
        // given: an endpoint that never answers
        SuiteRunnerFixture.withSilentEndpoint(hanging -> {
            // when
            CaseResult result = new FeedSuiteRunner(hanging, "feedtesthang", Duration.ofSeconds(2), 1, FAILING, "")
                    .run(FeedSuites.find(FeedSuites.NO_LOST_WRITES).orElseThrow());

            // then
            assertThat(result.verdict()).isEqualTo(Verdict.ERROR);
            assertThat(result.message()).contains("did not answer");
            assertThat(result.duration()).isLessThan(Duration.ofSeconds(30));
        });
    }

    @Test
    void should_leave_no_thread_running_when_a_property_ended() throws InterruptedException {
        // when
        run(broken(FaultyFeedTarget.Fault.REPEATS_A_CONTINUOUS_ROW), FeedSuites.CONTINUOUS_ORDER, 13,
                new GenerationBudget(1, Duration.ofSeconds(10), 3, Duration.ofSeconds(20)));

        // then
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline && !workloadThreads().isEmpty()) {
            Thread.sleep(100);
        }
        assertThat(workloadThreads()).isEmpty();
    }

    private static List<String> workloadThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> name.startsWith("couchtck-feeds-")).toList();
    }

    /** The sizes of the original and the shrunk workload, in lines, as the message says. */
    private static int[] shrunk(CaseResult result) {
        return SuiteRunnerFixture.shrunk(result, "workload lines");
    }
}
