package org.couchtck.kit.endpoint.generated;

import java.util.List;
import java.util.Optional;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.endpoint.HttpCase;

/**
 * A list of generated HTTP cases, in run order, found by id: the view suites', the feed suites', and all of them.
 * Builds each case's descriptor ({@link #generated}) the same way for every suite.
 */
final class GeneratedCases {

    /** What {@link HttpCase#sourceFile()} says of a generated case. */
    static final String SOURCE = "generated";

    private final List<HttpCase> cases;

    GeneratedCases(List<HttpCase> cases) {
        this.cases = List.copyOf(cases);
    }

    /** A generated case: no steps of its own, its source {@value #SOURCE}. */
    static HttpCase generated(String id, String section, Level level, String description, String spec) {
        return generated(id, section, level, description, spec, List.of());
    }

    /** A generated case that needs {@code capabilities} of the endpoint (features, as corpus cases name them). */
    static HttpCase generated(String id, String section, Level level, String description, String spec,
            List<String> capabilities) {
        return new HttpCase(id, section, level, description, spec, Optional.empty(), capabilities,
                "generated from the run's seed; no steps of its own", List.of(), List.of(), List.of(), SOURCE);
    }

    /** The cases, in run order. */
    List<HttpCase> all() {
        return cases;
    }

    /** The case {@code id}, if it is one of these. */
    Optional<HttpCase> find(String id) {
        return cases.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** Whether {@code testCase} is one of these generated cases rather than a corpus case of the same id. */
    boolean contains(HttpCase testCase) {
        return SOURCE.equals(testCase.sourceFile()) && find(testCase.id()).isPresent();
    }
}
