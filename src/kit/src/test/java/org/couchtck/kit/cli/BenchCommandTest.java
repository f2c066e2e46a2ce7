package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

@Timeout(120)
class BenchCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int couchtck(String... args) {
        CommandLine cli = CouchTckCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void bench_prints_docs_per_second_for_both_modes() {
        int status = couchtck("bench", "--workload", "filter", "--docs", "40", "--warmup", "0", "--runs", "1",
                "--batch", "10");

        assertThat(status).as(err.toString()).isZero();
        assertThat(out.toString()).contains("filter workload").contains("lockstep").contains("pipelined")
                .contains("docs/s").contains("p99");
    }

    @Test
    void bench_refuses_a_zero_document_count() {
        assertThat(couchtck("bench", "--docs", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--docs");
    }

    @Test
    void bench_needs_a_function_for_other_languages() {
        assertThat(couchtck("bench", "--language", "python")).isEqualTo(2);
        assertThat(err.toString()).contains("--function");
    }

    @Test
    void bench_exits_3_when_the_server_cannot_start() {
        assertThat(couchtck("bench", "--server", "/no/such/server", "--docs", "5", "--runs", "1")).isEqualTo(3);
    }
}
