package org.couchtck.kit.cases;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the target is: its function language, the CouchDB version whose messages it speaks, and the features it
 * says it lacks.
 *
 * @param language the language of function sources sent to it, e.g. {@code javascript}
 * @param couchDbVersion the CouchDB version whose message shapes to send
 * @param without feature capabilities the target does not have
 */
public record TargetProfile(String language, CouchDbVersion couchDbVersion, Set<String> without) {

    public TargetProfile {
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(couchDbVersion, "couchDbVersion");
        without = Set.copyOf(without);
    }

    /**
     * Whether {@code c} applies to this target. Not applicable when a version bound is out of range, a
     * {@code lang:} capability names another language, a feature is listed in {@link #without()}, or a function
     * in the steps has no source in {@link #language()}.
     */
    public Applicability applicability(Case c) {
        for (String text : c.capabilities()) {
            Optional<String> unmet = Capability.parse(text).unmetBy(this);
            if (unmet.isPresent()) {
                return Applicability.no(unmet.get());
            }
        }
        for (Step step : c.steps()) {
            for (var function : FunctionSources.find(step.payload())) {
                if (!function.get(FunctionSources.KEY).has(language)) {
                    return Applicability.no("no " + language + " source for a function in step " + step.index());
                }
            }
        }
        return Applicability.yes();
    }
}
