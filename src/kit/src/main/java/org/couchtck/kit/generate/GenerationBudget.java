package org.couchtck.kit.generate;

import java.time.Duration;

/**
 * How much a property may cost.
 *
 * @param casesPerProperty the most examples generated for one property
 * @param timePerSuite the longest one property runs its examples (shrinking not included); the examples are the
 *     same for a seed, so a run cut short by time ran a prefix of the seeded examples
 * @param shrinkSteps the most candidates the shrinker tries for one failure
 * @param shrinkTime the longest the shrinker runs for one failure
 */
public record GenerationBudget(int casesPerProperty, Duration timePerSuite, int shrinkSteps, Duration shrinkTime) {

    public GenerationBudget {
        if (casesPerProperty < 1) {
            throw new IllegalArgumentException("cases per property must be at least 1: " + casesPerProperty);
        }
        if (timePerSuite.isNegative() || timePerSuite.isZero()) {
            throw new IllegalArgumentException("time per suite must be positive: " + timePerSuite);
        }
        if (shrinkSteps < 0) {
            throw new IllegalArgumentException("shrink steps must not be negative: " + shrinkSteps);
        }
    }

    /** The defaults of {@code couchtck run}: the four generated suites take well under a minute on the reference. */
    public static GenerationBudget defaults() {
        return new GenerationBudget(60, Duration.ofSeconds(30), 1_000, Duration.ofSeconds(30));
    }

    /**
     * The defaults of the generated HTTP suites ({@code http.generated-feeds.*}, {@code http.generated-views.*}):
     * each example is a workload of concurrent writers and feed readers, or a database of documents written and
     * queried, that costs up to seconds, so a few per property, at most 10 s of them; a failing example takes up to
     * seconds per shrink candidate, so shrinking gets a minute.
     */
    public static GenerationBudget feedDefaults() {
        return new GenerationBudget(3, Duration.ofSeconds(10), 1_000, Duration.ofSeconds(60));
    }

    /** This budget with another number of examples per property. */
    public GenerationBudget withCases(int cases) {
        return new GenerationBudget(cases, timePerSuite, shrinkSteps, shrinkTime);
    }

    /** This budget with another time per suite. */
    public GenerationBudget withTimePerSuite(Duration time) {
        return new GenerationBudget(casesPerProperty, time, shrinkSteps, shrinkTime);
    }
}
