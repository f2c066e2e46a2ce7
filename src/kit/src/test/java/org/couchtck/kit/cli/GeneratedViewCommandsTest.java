package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.ResultsJson;
import org.couchtck.kit.report.RunResult;
import org.couchtck.reference.endpoint.ReferenceEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --seed} and {@code replay} for the generated view cases of the HTTP suite. */
@Timeout(300)
class GeneratedViewCommandsTest {

    private static final String REDUCTIONS = "http.generated-views.builtin-reductions";

    @TempDir
    Path dir;

    @Test
    void should_run_the_generated_view_cases_with_the_seed_when_the_http_suite_runs() {
        // given
        CliRun cli = new CliRun();
        Path reports = dir.resolve("run");

        // when
        int status = cli.couchtck("run", "--suite", "http", "--include", "http.generated-views.*", "--seed", "4",
                "--report-dir", reports.toString(), "--no-progress");

        // then
        assertThat(status).as(cli.err() + cli.out()).isZero();
        RunResult run = ResultsJson.read(reports.resolve("results.json"));
        assertThat(run.cases()).extracting(c -> c.caseId()).containsExactly(
                "http.generated-views.collation-order", "http.generated-views.builtin-reductions",
                "http.generated-views.approx-count-distinct", "http.generated-views.approx-count-distinct-exact");
        assertThat(run.cases()).allSatisfy(c -> {
            assertThat(c.verdict()).as(c.caseId() + ": " + c.message()).isEqualTo(Verdict.PASS);
            assertThat(c.seed()).hasValue(4);
            assertThat(c.transcript()).anySatisfy(e -> assertThat(e.text()).contains("3 generated examples"));
        });
        assertThat(cli.out()).contains("seed 4");
    }

    @Test
    void should_replay_one_generated_view_case_against_the_endpoint_when_given_its_seed() {
        try (ReferenceEndpoint endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults())) {
            // given
            CliRun cli = new CliRun();
            Path reports = dir.resolve("replay");
            String url = "http://admin:admin@127.0.0.1:" + endpoint.uri().getPort();

            // when
            int status = cli.couchtck("replay", REDUCTIONS, "--seed", "3", "--endpoint", url,
                    "--cases-per-property", "2", "--report-dir", reports.toString());

            // then
            assertThat(status).as(cli.err() + cli.out()).isZero();
            RunResult run = ResultsJson.read(reports.resolve("results.json"));
            assertThat(run.cases()).singleElement().satisfies(c -> {
                assertThat(c.caseId()).isEqualTo(REDUCTIONS);
                assertThat(c.verdict()).as(c.message()).isEqualTo(Verdict.PASS);
                assertThat(c.seed()).hasValue(3);
                assertThat(c.transcript()).anySatisfy(e -> assertThat(e.text()).contains("2 generated examples"));
                assertThat(c.transcript()).anySatisfy(e -> assertThat(e.text())
                        .contains("example against http://127.0.0.1:" + endpoint.uri().getPort()));
            });
        }
    }

    @Test
    void should_refuse_to_replay_a_generated_view_case_without_a_seed() {
        // given
        CliRun cli = new CliRun();

        // when
        int status = cli.couchtck("replay", REDUCTIONS, "--report-dir", dir.toString());

        // then
        assertThat(status).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--seed");
    }
}
