package org.couchtck.kit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

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
    void cpu_time_and_peak_memory_include_the_server_a_wrapper_runs() throws Exception {
        // given: a wrapper (a script without exec) whose child holds 96 MiB and uses 1.5 s of CPU before answering
        ServerCommand wrapped = ServerCommand.javaMain("org.couchtck.kit.testservers.WrapperServer",
                "org.couchtck.kit.testservers.FakeMapServer", "--hold-mib", "96", "--burn-cpu-ms", "1500");

        // when
        PipeBenchmark.Run run = bench(wrapped, 50, 1, Duration.ofMinutes(1)).run().get(0);

        // then: the wrapper's own JVM alone comes nowhere near either figure
        assertThat(run.cpuSeconds()).isPresent();
        assertThat(run.cpuSeconds().getAsDouble()).isGreaterThanOrEqualTo(1.5);
        assertThat(run.peakMiB()).isPresent();
        assertThat(run.peakMiB().getAsDouble()).isGreaterThanOrEqualTo(96);
    }

    @Test
    void replies_are_judged_whole_however_the_output_is_cut_and_however_long_they_are() {
        // given: a reply of 10,000 bytes, and output cut into pieces of 7 bytes
        String longReply = "[[[\"k\",\"" + "x".repeat(10_000) + "\"]]]";
        byte[] output = ("true\n[\"log\",\"hi\"]\ntrue\n[[]]\n" + longReply + "\n[[]]")
                .getBytes(StandardCharsets.UTF_8);
        PipeBenchmark.Replies replies = new PipeBenchmark.Replies(System.nanoTime());

        // when
        for (int from = 0; from < output.length; from += 7) {
            int n = Math.min(7, output.length - from);
            replies.accept(java.util.Arrays.copyOfRange(output, from, from + n), n);
        }
        replies.finish();

        // then: three documents answered (the last line has no newline), the log line not counted as a reply
        assertThatCode(() -> replies.check(3, 0, "")).doesNotThrowAnyException();
        assertThat(replies.lines).isEqualTo(6);
        assertThat(replies.startupSeconds()).isNotNegative();
    }

    @Test
    void an_error_reply_or_a_reset_answered_with_more_than_true_is_named() {
        assertThat(judged("true\ntrue\n[[]]\n[\"error\",\"x\",\"y\"]\n")).hasMessageContaining(
                "reply [\"error\",\"x\",\"y\"] (number 4)");
        assertThat(judged("true\r\ntrue\n[[]]\n")).hasMessageContaining("(number 1)");
        assertThat(judged("true\ntrue\n[[]]x\n")).hasMessageContaining("reply [[]]x (number 3)");
        assertThat(judged("true\ntrue\n\n")).hasMessageContaining("(number 3)");
    }

    private static Throwable judged(String output) {
        PipeBenchmark.Replies replies = new PipeBenchmark.Replies(System.nanoTime());
        byte[] bytes = output.getBytes(StandardCharsets.UTF_8);
        replies.accept(bytes, bytes.length);
        replies.finish();
        return catchThrowable(() -> replies.check(1, 0, ""));
    }

    @Test
    void medians_come_from_the_runs() {
        assertThat(PipeBenchmark.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(PipeBenchmark.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }
}
