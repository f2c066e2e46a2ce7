package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class BenchCommandTest {

    private final CliRun cli = new CliRun();

    @Test
    void bench_prints_docs_per_second_for_both_modes() {
        int status = cli.couchtck("bench", "--workload", "filter", "--docs", "40", "--warmup", "0", "--runs", "1",
                "--batch", "10");

        assertThat(status).as(cli.err()).isZero();
        assertThat(cli.out()).contains("filter workload").contains("lockstep").contains("pipelined")
                .contains("docs/s").contains("p99");
    }

    @Test
    void bench_refuses_a_zero_document_count() {
        assertThat(cli.couchtck("bench", "--docs", "0")).isEqualTo(2);
        assertThat(cli.err()).contains("--docs");
    }

    @Test
    void bench_needs_a_function_for_other_languages() {
        assertThat(cli.couchtck("bench", "--language", "python")).isEqualTo(2);
        assertThat(cli.err()).contains("--function");
    }

    @Test
    void bench_exits_3_when_the_server_cannot_start() {
        assertThat(cli.couchtck("bench", "--server", "/no/such/server", "--docs", "5", "--runs", "1")).isEqualTo(3);
    }

    @Test
    void bench_map_pipe_prints_the_table_of_runs_with_medians_and_the_output_hash() {
        int status = cli.couchtck("bench", "--workload", "map-pipe", "--docs", "300", "--runs", "2");

        assertThat(status).as(cli.err()).isZero();
        assertThat(cli.out()).contains("map-pipe workload, 300 docs x 2 runs").contains("wall s")
                .contains("peak MiB").contains("start-up s").contains("median").contains("output sha256");
    }

    @Test
    void bench_refuses_an_unknown_workload_naming_the_known_ones() {
        assertThat(cli.couchtck("bench", "--workload", "map_pipe")).isEqualTo(2);
        assertThat(cli.err()).contains("map-pipe");
    }
}
