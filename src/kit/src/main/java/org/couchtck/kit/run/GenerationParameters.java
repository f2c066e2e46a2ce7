package org.couchtck.kit.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.queryserver.GenerationSettings;

/**
 * The generated suites' settings as engine configuration parameters. A run without {@link #SEED} runs no generated
 * suites, so launchers that predate them (and the kit's own corpus tests) see the corpus only.
 */
public final class GenerationParameters {

    public static final String SEED = "couchtck.seed";
    public static final String CASES = "couchtck.generated.cases";
    public static final String TIME_MILLIS = "couchtck.generated.timeMillis";
    public static final String SHRINK_STEPS = "couchtck.generated.shrinkSteps";
    public static final String SHRINK_TIME_MILLIS = "couchtck.generated.shrinkTimeMillis";
    public static final String FEED_CASES = "couchtck.generated.feeds.cases";
    public static final String FEED_TIME_MILLIS = "couchtck.generated.feeds.timeMillis";
    public static final String FEED_SHRINK_STEPS = "couchtck.generated.feeds.shrinkSteps";
    public static final String FEED_SHRINK_TIME_MILLIS = "couchtck.generated.feeds.shrinkTimeMillis";
    public static final String NUMBER_MODE = "couchtck.numberMode";
    public static final String REPORT_DIR = "couchtck.reportDir";

    private GenerationParameters() {}

    /** {@code settings} as parameters. */
    public static Map<String, String> toParameters(GenerationSettings settings) {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put(SEED, Long.toString(settings.seed()));
        parameters.put(CASES, Integer.toString(settings.budget().casesPerProperty()));
        parameters.put(TIME_MILLIS, Long.toString(settings.budget().timePerSuite().toMillis()));
        parameters.put(SHRINK_STEPS, Integer.toString(settings.budget().shrinkSteps()));
        parameters.put(SHRINK_TIME_MILLIS, Long.toString(settings.budget().shrinkTime().toMillis()));
        parameters.put(FEED_CASES, Integer.toString(settings.feedBudget().casesPerProperty()));
        parameters.put(FEED_TIME_MILLIS, Long.toString(settings.feedBudget().timePerSuite().toMillis()));
        parameters.put(FEED_SHRINK_STEPS, Integer.toString(settings.feedBudget().shrinkSteps()));
        parameters.put(FEED_SHRINK_TIME_MILLIS, Long.toString(settings.feedBudget().shrinkTime().toMillis()));
        parameters.put(NUMBER_MODE, settings.numbers().name());
        settings.reportDir().ifPresent(dir -> parameters.put(REPORT_DIR, dir.toString()));
        return parameters;
    }

    /**
     * The settings the parameters describe; empty when no seed is set (no generated suites in the run).
     *
     * @throws IllegalArgumentException naming the parameter whose value is unusable
     */
    public static Optional<GenerationSettings> fromParameters(Function<String, Optional<String>> get) {
        Optional<String> seed = get.apply(SEED).filter(s -> !s.isBlank());
        if (seed.isEmpty()) {
            return Optional.empty();
        }
        GenerationBudget d = GenerationBudget.defaults();
        GenerationBudget budget = new GenerationBudget(
                (int) number(get, CASES, d.casesPerProperty()),
                Duration.ofMillis(number(get, TIME_MILLIS, d.timePerSuite().toMillis())),
                (int) number(get, SHRINK_STEPS, d.shrinkSteps()),
                Duration.ofMillis(number(get, SHRINK_TIME_MILLIS, d.shrinkTime().toMillis())));
        GenerationBudget f = GenerationBudget.feedDefaults();
        GenerationBudget feeds = new GenerationBudget(
                (int) number(get, FEED_CASES, f.casesPerProperty()),
                Duration.ofMillis(number(get, FEED_TIME_MILLIS, f.timePerSuite().toMillis())),
                (int) number(get, FEED_SHRINK_STEPS, f.shrinkSteps()),
                Duration.ofMillis(number(get, FEED_SHRINK_TIME_MILLIS, f.shrinkTime().toMillis())));
        NumberMode numbers = get.apply(NUMBER_MODE).filter(s -> !s.isBlank()).map(NumberMode::parse)
                .orElse(NumberMode.EXACT);
        return Optional.of(new GenerationSettings(parse(SEED, seed.get()), budget, numbers,
                get.apply(REPORT_DIR).filter(s -> !s.isBlank()).map(Path::of), feeds));
    }

    private static long number(Function<String, Optional<String>> get, String name, long fallback) {
        return get.apply(name).filter(s -> !s.isBlank()).map(s -> parse(name, s)).orElse(fallback);
    }

    private static long parse(String name, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, not " + value);
        }
    }
}
