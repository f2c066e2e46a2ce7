package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.couchtck.kit.report.ResultsJson;
import org.couchtck.kit.report.RunResult;
import org.couchtck.reference.endpoint.ReferenceEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code run --seed} and {@code replay} for the generated feed cases of the HTTP suite. */
@Timeout(300)
class GeneratedFeedCommandsTest {

    private static final String DB_UPDATES = "http.generated-feeds.db-updates";

    @TempDir
    Path dir;

    @Test
    void should_run_the_generated_feed_cases_with_the_seed_when_the_http_suite_runs() {
        // given
        CliRun cli = new CliRun();
        Path reports = dir.resolve("run");

        // when
        int status = cli.couchtck("run", "--suite", "http", "--include", "http.generated-feeds.*", "--seed", "4",
                "--cases-per-property", "1", "--report-dir", reports.toString(), "--no-progress");

        // then
        assertThat(status).as(cli.err() + cli.out()).isZero();
        RunResult run = ResultsJson.read(reports.resolve("results.json"));
        assertThat(run.cases()).hasSize(4).allSatisfy(c -> {
            assertThat(c.verdict()).as(c.caseId() + ": " + c.message()).isEqualTo(Verdict.PASS);
            assertThat(c.seed()).hasValue(4);
        });
        assertThat(cli.out()).contains("seed 4");
    }

    @Test
    void should_replay_one_generated_feed_case_against_the_endpoint_when_given_its_seed() {
        try (ReferenceEndpoint endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults())) {
            // given
            CliRun cli = new CliRun();
            Path reports = dir.resolve("replay");
            String url = "http://admin:admin@127.0.0.1:" + endpoint.uri().getPort();

            // when
            int status = cli.couchtck("replay", DB_UPDATES, "--seed", "3", "--endpoint", url,
                    "--cases-per-property", "2", "--report-dir", reports.toString());

            // then
            assertThat(status).as(cli.err() + cli.out()).isZero();
            RunResult run = ResultsJson.read(reports.resolve("results.json"));
            assertThat(run.cases()).singleElement().satisfies(c -> {
                assertThat(c.caseId()).isEqualTo(DB_UPDATES);
                assertThat(c.verdict()).as(c.message()).isEqualTo(Verdict.PASS);
                assertThat(c.seed()).hasValue(3);
            });
            assertThat(run.cases().get(0).transcript()).anySatisfy(e -> assertThat(e.text())
                    .contains("workload against http://127.0.0.1:" + endpoint.uri().getPort()));
        }
    }

    @Test
    void should_refuse_to_replay_a_generated_feed_case_without_a_seed() {
        // given
        CliRun cli = new CliRun();

        // when
        int status = cli.couchtck("replay", DB_UPDATES, "--report-dir", dir.toString());

        // then
        assertThat(status).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--seed");
    }

    @Test
    void should_give_the_feed_suites_their_own_small_budget_unless_one_is_given() {
        // given
        RunCommand defaults = new RunCommand();
        RunCommand given = new RunCommand();
        new CommandLine(defaults).parseArgs("--seed", "1");
        new CommandLine(given).parseArgs("--seed", "1", "--cases-per-property", "7", "--time-per-suite", "2s");

        // when
        GenerationSettings byDefault = defaults.generation.settings("javascript");
        GenerationSettings chosen = given.generation.settings("javascript");

        // then
        assertThat(byDefault.budget()).isEqualTo(GenerationBudget.defaults());
        assertThat(byDefault.feedBudget()).isEqualTo(GenerationBudget.feedDefaults());
        assertThat(byDefault.feedBudget().casesPerProperty()).isLessThanOrEqualTo(5);
        assertThat(byDefault.feedBudget().timePerSuite()).isLessThanOrEqualTo(Duration.ofSeconds(10));
        assertThat(chosen.budget().casesPerProperty()).isEqualTo(7);
        assertThat(chosen.feedBudget().casesPerProperty()).isEqualTo(7);
        assertThat(chosen.feedBudget().timePerSuite()).isEqualTo(Duration.ofSeconds(2));
    }
}
