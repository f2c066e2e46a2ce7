package org.couchtck.kit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.process.ServerCommand;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class PipeBenchmarkTest {

    private static final String RESET = "[\"reset\",{\"reduce_limit\":true,\"timeout\":5000}]";
    private static final String MAP = "function(doc){ if (doc.type) emit([doc.type, doc.n], doc.v); }";

    private static PipeBenchmark bench(ServerCommand command, int docs, int runs, Duration limit) {
        return new PipeBenchmark(command, new PipeBenchmark.Options(docs, runs, 42, RESET, MAP, limit));
    }

    private static ServerCommand fake(String... args) {
        return ServerCommand.javaMain("org.couchtck.kit.testservers.FakeMapServer", args);
    }

    @AfterEach
    void no_server_outlives_a_benchmark() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void the_input_is_a_reset_an_add_fun_and_one_map_doc_per_document_the_same_for_the_same_seed() {
        // when
        byte[] input = bench(fake(), 100, 1, Duration.ofMinutes(1)).input();
        String[] lines = new String(input, StandardCharsets.UTF_8).split("\n");

        // then
        assertThat(lines).hasSize(102);
        assertThat(lines[0]).isEqualTo(RESET);
        assertThat(lines[1]).startsWith("[\"add_fun\",\"function(doc)");
        assertThat(lines[2]).startsWith("[\"map_doc\",{\"_id\":\"doc-00000000\"");
        assertThat(input).isEqualTo(bench(fake(), 100, 1, Duration.ofMinutes(1)).input());
    }

    @Test
    void every_run_is_measured_and_the_output_hashed_skipping_log_lines_when_counting() throws Exception {
        // when
        List<PipeBenchmark.Run> runs = bench(fake("--log"), 500, 2, Duration.ofMinutes(1)).run();

        // then
        assertThat(runs).hasSize(2).allSatisfy(run -> {
            assertThat(run.wallSeconds()).isPositive().isGreaterThanOrEqualTo(run.startupSeconds());
            assertThat(run.sha256()).hasSize(64).isEqualTo(runs.get(0).sha256());
        });
        assertThat(PipeBenchmark.describe(500, runs)).contains("median").contains("docs/s")
                .contains("output sha256 " + runs.get(0).sha256() + " (every run)");
    }

    @Test
    void the_reference_answers_every_document() throws Exception {
        // when
        List<PipeBenchmark.Run> runs = bench(ServerCommand.reference(), 2000, 1, Duration.ofMinutes(2)).run();

        // then
        assertThat(runs).singleElement().satisfies(run -> assertThat(run.startupSeconds()).isPositive());
    }

    @Test
    void a_server_that_dies_on_the_first_document_fails_the_run_with_its_exit_code() {
        PipeBenchmark bench = bench(ServerCommand.javaMain("org.couchtck.kit.testservers.CrashOnMapDocServer"),
                100, 1, Duration.ofMinutes(1));

        assertThatThrownBy(bench::run).isInstanceOf(PipeBenchmark.PipeException.class)
                .hasMessageContaining("expected 102 replies").hasMessageContaining("got 2")
                .hasMessageContaining("exit code 3");
    }

    @Test
    void garbage_replies_fail_the_run_naming_the_first() {
        PipeBenchmark bench = bench(ServerCommand.javaMain("org.couchtck.kit.testservers.GarbageServer"), 20, 1,
                Duration.ofMinutes(1));

        assertThatThrownBy(bench::run).isInstanceOf(PipeBenchmark.PipeException.class)
                .hasMessageContaining("(number 1) is not the answer expected there");
    }

    @Test
    void a_server_that_hangs_is_killed_at_the_run_limit() {
        PipeBenchmark bench = bench(fake("--hang"), 20, 1, Duration.ofSeconds(3));

        assertThatThrownBy(bench::run).isInstanceOf(PipeBenchmark.PipeException.class)
                .hasMessageContaining("did not finish within 3 s");
    }

    @Test
    void medians_come_from_the_runs() {
        assertThat(PipeBenchmark.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(PipeBenchmark.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }
}
