package org.couchtck.kit.endpoint.generated;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.endpoint.HttpCase;

/**
 * Every generated case of the HTTP half, in run order: the feed workloads ({@link FeedSuites},
 * {@code http.generated-feeds.*}) and the view properties ({@link ViewSuites}, {@code http.generated-views.*}). Their
 * ids are stable like corpus cases' (they can be selected, excluded and listed in a baseline) but they have no steps:
 * each runs seeded random examples through the kit's property runner.
 */
public final class GeneratedHttpSuites {

    /** What {@link HttpCase#sourceFile()} says of a generated case. */
    static final String SOURCE = "generated";

    /** Initialised on first use: the suites build their cases with {@link #generated}. */
    private static final class All {
        static final List<HttpCase> CASES;

        static {
            List<HttpCase> cases = new ArrayList<>(FeedSuites.cases());
            cases.addAll(ViewSuites.cases());
            CASES = List.copyOf(cases);
        }
    }

    private GeneratedHttpSuites() {}

    /** The generated HTTP cases, in run order. */
    public static List<HttpCase> cases() {
        return All.CASES;
    }

    /** The generated HTTP case {@code id}, if it is one. */
    public static Optional<HttpCase> find(String id) {
        return All.CASES.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** Whether {@code testCase} is a generated HTTP case rather than a corpus case. */
    public static boolean isGenerated(HttpCase testCase) {
        return SOURCE.equals(testCase.sourceFile()) && find(testCase.id()).isPresent();
    }

    /** A generated case: no steps of its own, its source {@value #SOURCE}. */
    static HttpCase generated(String id, String section, Level level, String description, String spec) {
        return new HttpCase(id, section, level, description, spec, Optional.empty(), List.of(),
                "generated from the run's seed; no steps of its own", List.of(), List.of(), List.of(), SOURCE);
    }
}
