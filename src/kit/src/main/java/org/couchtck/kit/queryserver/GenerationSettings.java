package org.couchtck.kit.queryserver;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.NumberMode;

/**
 * How the generated suites run.
 *
 * @param seed the run's seed: the same seed gives the same examples
 * @param budget cases per property, time per suite, shrink bounds
 * @param numbers how numbers of the target's replies are compared with the reference's
 * @param reportDir the run's report folder; shrunk counterexamples go to its {@code shrunk/} folder. Empty: not saved
 * @param feedBudget the budget of the generated suites of the HTTP half (feed workloads and view examples) and of
 *     the generated daemon sessions, whose examples cost up to seconds each ({@link GenerationBudget#feedDefaults()})
 */
public record GenerationSettings(long seed, GenerationBudget budget, NumberMode numbers, Optional<Path> reportDir,
        GenerationBudget feedBudget) {

    public GenerationSettings {
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(numbers, "numbers");
        reportDir = reportDir == null ? Optional.empty() : reportDir;
        Objects.requireNonNull(feedBudget, "feedBudget");
    }

    /** Settings whose feed suites take their default budget. */
    public GenerationSettings(long seed, GenerationBudget budget, NumberMode numbers, Optional<Path> reportDir) {
        this(seed, budget, numbers, reportDir, GenerationBudget.feedDefaults());
    }

    /** These settings writing shrunk counterexamples under {@code dir}. */
    public GenerationSettings withReportDir(Optional<Path> dir) {
        return new GenerationSettings(seed, budget, numbers, dir, feedBudget);
    }

    /** The default budget and exact numbers, with {@code seed} and no report folder. */
    public static GenerationSettings withSeed(long seed) {
        return new GenerationSettings(seed, GenerationBudget.defaults(), NumberMode.EXACT, Optional.empty());
    }
}
