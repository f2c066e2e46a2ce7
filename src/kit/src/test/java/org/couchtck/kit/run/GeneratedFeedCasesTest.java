package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The generated feed cases in the engine: part of the HTTP suite when the run has a seed. */
@Timeout(300)
class GeneratedFeedCasesTest {

    private static RunConfiguration httpOnly(String include, Optional<String> endpoint) {
        RunConfiguration d = RunConfiguration.defaults();
        return new RunConfiguration(Optional.empty(), d.profile(), d.timeout(), Optional.empty(),
                new CaseSelection(List.of(include), List.of(), Set.of()), Optional.empty(), d.startTimeout(),
                EnumSet.of(Suite.HTTP), endpoint, Optional.empty());
    }

    @Test
    void should_run_every_generated_feed_case_with_the_seed_when_the_http_suite_runs_with_generation() {
        // given
        GenerationSettings settings = new GenerationSettings(21, GenerationBudget.defaults(), NumberMode.EXACT,
                Optional.empty(), new GenerationBudget(1, Duration.ofSeconds(10), 10, Duration.ofSeconds(5)));

        // when
        RunResult run = ConformanceRunner.run(httpOnly("http.generated-feeds.*", Optional.empty()),
                Optional.of(settings), "feeds", ConformanceRunner.Progress.NONE);

        // then
        assertThat(run.cases()).extracting(CaseResult::caseId).containsExactly(
                "http.generated-feeds.no-lost-writes", "http.generated-feeds.continuous-order",
                "http.generated-feeds.resume", "http.generated-feeds.db-updates");
        assertThat(run.cases()).allSatisfy(result -> {
            assertThat(result.verdict()).as(result.caseId() + ": " + result.message()).isEqualTo(Verdict.PASS);
            assertThat(result.section()).isEqualTo("generated-feeds");
            assertThat(result.seed()).hasValue(21);
        });
    }

    @Test
    void should_have_no_generated_feed_cases_when_the_run_has_no_seed() {
        // when
        RunResult run = ConformanceRunner.run(httpOnly("http.generated-feeds.*", Optional.empty()),
                Optional.empty(), "no-feeds", ConformanceRunner.Progress.NONE);

        // then
        assertThat(run.cases()).isEmpty();
    }

    @Test
    void should_name_the_endpoint_without_its_password_when_telling_how_to_replay() {
        // given
        RunConfiguration url = httpOnly("*", Optional.of("http://admin:secret@db.example:5984"));
        RunConfiguration reference = httpOnly("*", Optional.empty());
        RunConfiguration docker = httpOnly("*", Optional.of("docker:couchdb:3.5.2"));

        // when
        String toUrl = HttpSuiteRun.replayOptions(url);

        // then
        assertThat(toUrl).isEqualTo("--endpoint http://db.example:5984 --user admin:PASSWORD")
                .doesNotContain("secret");
        assertThat(HttpSuiteRun.replayOptions(reference)).isEmpty();
        assertThat(HttpSuiteRun.replayOptions(docker)).isEqualTo("--endpoint docker:couchdb:3.5.2");
    }
}
