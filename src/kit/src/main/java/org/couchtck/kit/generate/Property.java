package org.couchtck.kit.generate;

import java.util.Optional;
import org.couchtck.kit.wire.Transcript;

/**
 * Something that must hold for every generated example.
 *
 * @param <T> what an example is
 */
public interface Property<T> {

    /** Builds one example from {@code choices}; the same choices must give the same example. */
    T generate(Choices choices);

    /**
     * Checks one example, recording what was exchanged in {@code transcript}.
     *
     * @return how the example broke the property, or empty when it holds
     */
    Optional<Counterexample> check(T example, Transcript transcript);
}
