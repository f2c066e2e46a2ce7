package org.couchtck.kit.endpoint.generated;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.couchtck.kit.endpoint.HttpCase;

/**
 * Every generated case of the HTTP half, in run order: the feed workloads ({@link FeedSuites},
 * {@code http.generated-feeds.*}), the view properties ({@link ViewSuites}, {@code http.generated-views.*}) and the
 * proxy's transparency ({@link ProxySuites}, {@code http.generated-proxy.*}). Their
 * ids are stable like corpus cases' (they can be selected, excluded and listed in a baseline) but they have no steps:
 * each runs seeded random examples through the kit's property runner.
 */
public final class GeneratedHttpSuites {

    private static final GeneratedCases CASES = new GeneratedCases(
            Stream.of(FeedSuites.cases(), ViewSuites.cases(), ProxySuites.cases()).flatMap(List::stream).toList());

    private GeneratedHttpSuites() {}

    /** The generated HTTP cases, in run order. */
    public static List<HttpCase> cases() {
        return CASES.all();
    }

    /** The generated HTTP case {@code id}, if it is one. */
    public static Optional<HttpCase> find(String id) {
        return CASES.find(id);
    }

    /** Whether {@code testCase} is a generated HTTP case rather than a corpus case. */
    public static boolean isGenerated(HttpCase testCase) {
        return CASES.contains(testCase);
    }
}
