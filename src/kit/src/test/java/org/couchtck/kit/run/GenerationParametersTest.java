package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.report.RunResult;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class GenerationParametersTest {

    @Test
    void should_survive_the_trip_through_engine_parameters() {
        // given
        GenerationSettings settings = new GenerationSettings(-42L, new GenerationBudget(7, Duration.ofMillis(1500),
                12, Duration.ofSeconds(3)), NumberMode.IEEE_DOUBLE, Optional.of(Path.of("reports/x")));

        // when
        Map<String, String> parameters = GenerationParameters.toParameters(settings);
        Optional<GenerationSettings> back = GenerationParameters.fromParameters(
                key -> Optional.ofNullable(parameters.get(key)));

        // then
        assertThat(back).hasValue(settings);
    }

    @Test
    void should_mean_no_generated_suites_when_no_seed_is_set() {
        assertThat(GenerationParameters.fromParameters(key -> Optional.empty())).isEmpty();
    }

    @Test
    void should_take_the_default_budget_when_only_the_seed_is_set() {
        // when
        GenerationSettings settings = GenerationParameters.fromParameters(
                key -> key.equals(GenerationParameters.SEED) ? Optional.of("5") : Optional.empty()).orElseThrow();

        // then
        assertThat(settings.seed()).isEqualTo(5);
        assertThat(settings.budget()).isEqualTo(GenerationBudget.defaults());
        assertThat(settings.numbers()).isEqualTo(NumberMode.EXACT);
    }

    @Test
    void should_name_the_parameter_when_a_value_is_unusable() {
        assertThatThrownBy(() -> GenerationParameters.fromParameters(
                key -> Optional.of(key.equals(GenerationParameters.CASES) ? "many" : "1")))
                .hasMessageContaining(GenerationParameters.CASES);
    }

    @Test
    @Timeout(120)
    void should_run_only_the_selected_generated_suite_with_the_seed_when_the_runner_gets_settings() {
        // given
        RunConfiguration reference = TestTargets.againstReference();
        RunConfiguration config = new RunConfiguration(reference.server(), reference.profile(), reference.timeout(),
                reference.fixtures(), new CaseSelection(List.of("qs.generated-reduce.*"), List.of(), Set.of()),
                Optional.empty());
        GenerationSettings settings = new GenerationSettings(11L, GenerationBudget.defaults().withCases(5),
                NumberMode.EXACT, Optional.empty());

        // when
        RunResult run = ConformanceRunner.run(config, Optional.of(settings), "generated",
                ConformanceRunner.Progress.NONE);

        // then
        assertThat(run.cases()).singleElement().satisfies(result -> {
            assertThat(result.caseId()).isEqualTo("qs.generated-reduce.rereduce-algebra");
            assertThat(result.verdict()).isEqualTo(Verdict.PASS);
            assertThat(result.seed()).hasValue(11L);
        });
        assertThat(ConformanceRunner.run(config, "plain", ConformanceRunner.Progress.NONE).cases())
                .extracting(CaseResult::caseId).isEmpty();
    }
}
