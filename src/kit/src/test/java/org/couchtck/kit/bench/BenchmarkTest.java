package org.couchtck.kit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Set;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.process.ServerCommand;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(120)
class BenchmarkTest {

    private static final TargetProfile JAVASCRIPT = new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of());

    private static Benchmark.Options options(BenchWorkload workload) {
        return new Benchmark.Options(workload, workload.defaultJavaScript(), 50, 10, 7, 2, 42, JAVASCRIPT,
                Duration.ofSeconds(10));
    }

    @AfterEach
    void no_server_outlives_a_benchmark() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @ParameterizedTest
    @EnumSource(BenchWorkload.class)
    void the_reference_answers_every_request_of_every_workload_in_both_modes(BenchWorkload workload)
            throws Exception {
        Benchmark benchmark = new Benchmark(ServerCommand.reference(), options(workload));

        for (BenchMode mode : BenchMode.values()) {
            BenchResult result = benchmark.run(mode);

            assertThat(result.errorReplies()).as(mode + " error replies").isZero();
            assertThat(result.docsPerSecond()).hasSize(2).allSatisfy(rate -> assertThat(rate).isPositive());
        }
    }

    @Test
    void replies_of_the_wrong_kind_are_counted_as_errors() throws Exception {
        Benchmark benchmark = new Benchmark(
                ServerCommand.javaMain("org.couchtck.kit.testservers.EchoServer"), options(BenchWorkload.MAP));

        BenchResult result = benchmark.run(BenchMode.PIPELINED);

        assertThat(result.errorReplies()).isEqualTo(2 * 50);
    }

    @Test
    void the_echo_workload_takes_any_reply_and_times_every_exchange_in_lockstep() throws Exception {
        Benchmark benchmark = new Benchmark(
                ServerCommand.javaMain("org.couchtck.kit.testservers.EchoServer"), options(BenchWorkload.ECHO));

        BenchResult result = benchmark.run(BenchMode.LOCKSTEP);

        assertThat(result.errorReplies()).isZero();
        assertThat(result.docsPerSecond()).hasSize(2).allSatisfy(rate -> assertThat(rate).isPositive());
        assertThat(result.latency().p50Micros()).isPositive();
    }

    @Test
    void the_echo_workload_still_stops_at_a_server_that_does_not_answer() {
        Benchmark.Options quick = new Benchmark.Options(BenchWorkload.ECHO, "", 50, 0, 1, 1, 42, JAVASCRIPT,
                Duration.ofMillis(300), Duration.ofSeconds(1));
        Benchmark benchmark = new Benchmark(ServerCommand.javaMain("org.couchtck.kit.testservers.SilentServer"), quick);

        assertThatThrownBy(() -> benchmark.run(BenchMode.LOCKSTEP)).isInstanceOf(Benchmark.BenchException.class);
    }

    @Test
    void a_server_that_refuses_the_set_up_stops_the_benchmark_with_its_reply() {
        Benchmark benchmark = new Benchmark(
                ServerCommand.javaMain("org.couchtck.kit.testservers.WrongAnswerServer"), options(BenchWorkload.SHOW));

        assertThatThrownBy(() -> benchmark.run(BenchMode.LOCKSTEP))
                .isInstanceOf(Benchmark.BenchException.class)
                .hasMessageContaining("reset was not answered with true: false");
    }

    @Test
    void a_server_that_stops_answering_ends_the_benchmark_instead_of_hanging() {
        Benchmark.Options quick = new Benchmark.Options(BenchWorkload.MAP, BenchWorkload.MAP.defaultJavaScript(), 50,
                0, 1, 1, 42, JAVASCRIPT, Duration.ofMillis(300), Duration.ofSeconds(1));
        Benchmark benchmark = new Benchmark(ServerCommand.javaMain("org.couchtck.kit.testservers.SilentServer"), quick);

        assertThatThrownBy(() -> benchmark.run(BenchMode.LOCKSTEP)).isInstanceOf(Benchmark.BenchException.class);
    }

    @Test
    void filter_requests_carry_the_documents_in_batches() {
        assertThat(BenchWorkload.FILTER.requests(BenchDocuments.documents(50, 1), 7)).hasSize(8);
        assertThat(BenchWorkload.SHOW.requests(BenchDocuments.documents(50, 1), 7)).hasSize(50);
    }

    @Test
    void the_same_seed_gives_the_same_documents() {
        assertThat(BenchDocuments.documents(20, 7)).isEqualTo(BenchDocuments.documents(20, 7))
                .isNotEqualTo(BenchDocuments.documents(20, 8));
    }

    @Test
    void latency_percentiles_use_the_nearest_rank() {
        long[] nanos = new long[100];
        for (int i = 0; i < 100; i++) {
            nanos[i] = (100 - i) * 1000L;
        }

        LatencyStats stats = LatencyStats.of(nanos);

        assertThat(stats.p50Micros()).isEqualTo(50);
        assertThat(stats.p90Micros()).isEqualTo(90);
        assertThat(stats.p99Micros()).isEqualTo(99);
        assertThat(stats.maxMicros()).isEqualTo(100);
    }
}
