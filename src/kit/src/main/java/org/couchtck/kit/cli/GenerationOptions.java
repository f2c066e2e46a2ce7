package org.couchtck.kit.cli;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.Optional;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.queryserver.GenerationSettings;
import picocli.CommandLine.Option;

/** The generated suites' options (seed, budgets, number comparison), shared by {@code run} and {@code replay}. */
final class GenerationOptions {

    @Option(names = "--seed", paramLabel = "SEED",
            description = "Seed of the generated suites; the same seed generates the same cases (default: random, "
                    + "printed after the run).")
    Long seed;

    @Option(names = "--cases-per-property", paramLabel = "N",
            description = "Generated examples per property (default: 60; 3 for the generated HTTP suites, "
                    + "http.generated-feeds.* and http.generated-views.*, and daemon.generated-sessions.*, whose "
                    + "examples take seconds each).")
    Integer casesPerProperty;

    @Option(names = "--time-per-suite", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Longest a generated suite runs its examples, shrinking aside (default: 30s; 10s for the "
                    + "generated HTTP and daemon suites).")
    Duration timePerSuite;

    @Option(names = "--shrink-steps", paramLabel = "N", defaultValue = "1000",
            description = "Most candidates tried when shrinking one failure (default: ${DEFAULT-VALUE}).")
    int shrinkSteps;

    @Option(names = "--shrink-time", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Longest the shrinking of one failure runs (default: 30s; 60s for the generated HTTP "
                    + "and daemon suites, whose shrink candidates take up to seconds each).")
    Duration shrinkTime;

    @Option(names = "--number-mode", paramLabel = "MODE", defaultValue = "auto",
            description = "How the generated suites compare numbers with the reference: exact, or ieee-double for "
                    + "servers whose language keeps integers beyond 2^53; auto: exact for javascript, ieee-double "
                    + "for other languages (default: ${DEFAULT-VALUE}).")
    String numberMode;

    /**
     * The settings these options describe, without a report folder yet (the run decides it).
     *
     * @throws IllegalArgumentException for an unusable value
     */
    GenerationSettings settings(String language) {
        if (shrinkSteps < 0) {
            throw new IllegalArgumentException("--shrink-steps must not be negative: " + shrinkSteps);
        }
        if (casesPerProperty != null && casesPerProperty < 1) {
            throw new IllegalArgumentException("--cases-per-property must be at least 1: " + casesPerProperty);
        }
        long chosen = seed != null ? seed : new SecureRandom().nextLong();
        // A budget given on the command line holds for every generated suite; the defaults differ.
        GenerationBudget d = GenerationBudget.defaults();
        GenerationBudget f = GenerationBudget.feedDefaults();
        GenerationBudget budget = new GenerationBudget(or(casesPerProperty, d.casesPerProperty()),
                or(timePerSuite, d.timePerSuite()), shrinkSteps, or(shrinkTime, d.shrinkTime()));
        GenerationBudget feeds = new GenerationBudget(or(casesPerProperty, f.casesPerProperty()),
                or(timePerSuite, f.timePerSuite()), shrinkSteps, or(shrinkTime, f.shrinkTime()));
        return new GenerationSettings(chosen, budget,
                numberMode.equals("auto") ? NumberMode.forLanguage(language) : NumberMode.parse(numberMode),
                Optional.empty(), feeds);
    }

    private static <T> T or(T given, T fallback) {
        return given != null ? given : fallback;
    }
}
