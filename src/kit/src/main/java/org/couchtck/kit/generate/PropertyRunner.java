package org.couchtck.kit.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * Runs a property: examples from seeded choice sequences until one fails or the budget is spent, then shrinks the
 * failing sequence. Example {@code i} of property {@code p} under seed {@code s} always comes from the same
 * sequence, so a seed reproduces a run exactly.
 */
public final class PropertyRunner {

    private final GenerationBudget budget;
    private final int attempts;

    public PropertyRunner(GenerationBudget budget) {
        this(budget, 1);
    }

    /**
     * A runner for properties whose checks are not deterministic (concurrent workloads): a shrink candidate counts as
     * failing when any of {@code attempts} runs of it fails, and the shrunk counterexample is confirmed the same way.
     *
     * @param attempts how many times a candidate is run before it is taken to pass; at least 1
     */
    public PropertyRunner(GenerationBudget budget, int attempts) {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1: " + attempts);
        }
        this.budget = budget;
        this.attempts = attempts;
    }

    /**
     * What a property run found.
     *
     * @param examples how many examples were checked before the run stopped
     * @param transcript the exchanges of the last example checked, or of the shrunk counterexample when one failed
     * @param failure the failure found, if any
     */
    public record Report(int examples, Transcript transcript, Optional<Failure> failure) {}

    /**
     * A failure and its shrunk form.
     *
     * @param example the index of the failing example
     * @param original the counterexample as first found
     * @param shrunk the counterexample of the shrunk choices
     * @param choices the shrunk choice sequence
     * @param shrink how the shrink went
     * @param transcript the exchanges of the shrunk counterexample (of the original when it did not fail again)
     */
    public record Failure(int example, Counterexample original, Counterexample shrunk, List<Long> choices,
            Shrinker.Result shrink, Transcript transcript) {}

    /**
     * Runs {@code property} under {@code seed}.
     *
     * @param name a stable name of the property; it is mixed into the seed so properties do not share examples
     */
    public <T> Report run(String name, Property<T> property, long seed) {
        long deadline = System.nanoTime() + budget.timePerSuite().toNanos();
        Transcript last = new Transcript();
        int examples = 0;
        for (int i = 0; i < budget.casesPerProperty(); i++) {
            if (i > 0 && System.nanoTime() >= deadline) {
                break;
            }
            Choices choices = Choices.random(exampleSeed(seed, name, i));
            T example = property.generate(choices);
            Transcript transcript = new Transcript();
            Optional<Counterexample> counterexample = property.check(example, transcript);
            examples++;
            last = transcript;
            if (counterexample.isPresent()) {
                Failure failure = shrink(property, i, choices, counterexample.get(), last);
                return new Report(examples, failure.transcript(), Optional.of(failure));
            }
        }
        return new Report(examples, last, Optional.empty());
    }

    /**
     * The examples {@link #run} checks under {@code seed}, in order, as many as the budget allows (a run stops sooner
     * at a failure or at the time cap): for properties whose examples are slow and can be started ahead, together.
     */
    public <T> List<T> plannedExamples(String name, Property<T> property, long seed) {
        List<T> examples = new ArrayList<>();
        for (int i = 0; i < budget.casesPerProperty(); i++) {
            examples.add(property.generate(Choices.random(exampleSeed(seed, name, i))));
        }
        return examples;
    }

    private <T> Failure shrink(Property<T> property, int index, Choices drawn, Counterexample original,
            Transcript fallback) {
        Shrinker shrinker = new Shrinker(budget.shrinkSteps(), budget.shrinkTime());
        Shrinker.Result result = shrinker.shrink(drawn, candidate -> {
            Choices replay = Choices.replay(candidate);
            T example = property.generate(replay);
            for (int attempt = 0; attempt < attempts; attempt++) {
                if (property.check(example, new Transcript()).isPresent()) {
                    return Optional.of(replay);
                }
            }
            return Optional.empty();
        });
        // Once more with a transcript kept: the evidence for the report.
        Transcript transcript = new Transcript();
        Optional<Counterexample> shrunk = Optional.empty();
        T example = property.generate(Choices.replay(result.choices()));
        for (int attempt = 0; attempt < attempts && shrunk.isEmpty(); attempt++) {
            transcript = new Transcript();
            transcript.add(Direction.EVENT, "shrunk counterexample: " + result.steps() + " candidates tried, "
                    + result.accepted() + " kept, " + result.elapsed().toMillis() + " ms");
            shrunk = property.check(example, transcript);
        }
        if (shrunk.isEmpty()) {
            // The failure did not reproduce a last time (a flaky target): report it as first found.
            fallback.add(Direction.EVENT, "the shrunk counterexample did not fail again; showing the original");
            return new Failure(index, original, original, drawn.recorded(), result, fallback);
        }
        return new Failure(index, original, shrunk.get(), result.choices(), result, transcript);
    }

    /** The seed of example {@code index}: a mix of the run's seed, the property's name and the index. */
    static long exampleSeed(long seed, String name, int index) {
        long h = seed ^ (0x9E3779B97F4A7C15L * (index + 1L));
        for (int i = 0; i < name.length(); i++) {
            h = (h ^ name.charAt(i)) * 0x100000001B3L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        return h;
    }
}
