package org.couchtck.kit.queryserver;

import java.util.Optional;
import java.util.function.Function;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.generate.Session;
import org.couchtck.kit.wire.Transcript;

/** The target answers generated sessions line for line as the reference does. */
final class DifferentialProperty implements Property<Session> {

    private final Function<Choices, Session> generator;
    private final SessionDifferential differential;

    DifferentialProperty(Function<Choices, Session> generator, SessionDifferential differential) {
        this.generator = generator;
        this.differential = differential;
    }

    @Override
    public Session generate(Choices choices) {
        return generator.apply(choices);
    }

    @Override
    public Optional<Counterexample> check(Session example, Transcript transcript) {
        return differential.compare(example, transcript);
    }
}
