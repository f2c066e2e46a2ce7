package org.couchtck.kit.cases;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the target is and what it is measured against: its function language and where the sources come from, the
 * CouchDB version whose messages it speaks, the features it says it lacks, and the conformance profile.
 *
 * @param language the language of function sources sent to it, e.g. {@code javascript}
 * @param couchDbVersion the CouchDB version whose message shapes to send
 * @param without feature capabilities the target does not have
 * @param conformance what the target is measured against
 * @param functions the catalogue and language packs function sources come from
 */
public record TargetProfile(String language, CouchDbVersion couchDbVersion, Set<String> without,
        Conformance conformance, FunctionLibrary functions) {

    public TargetProfile {
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(couchDbVersion, "couchDbVersion");
        without = Set.copyOf(without);
        Objects.requireNonNull(conformance, "conformance");
        Objects.requireNonNull(functions, "functions");
    }

    /** A target in the default {@code couchdb} profile, with the built-in function packs. */
    public TargetProfile(String language, CouchDbVersion couchDbVersion, Set<String> without) {
        this(language, couchDbVersion, without, Conformance.COUCHDB, FunctionLibrary.builtIn());
    }

    /** This profile measured against {@code other}. */
    public TargetProfile withConformance(Conformance other) {
        return new TargetProfile(language, couchDbVersion, without, other, functions);
    }

    /**
     * Whether {@code c} applies to this target. Not applicable when the case belongs to a profile the run does not
     * measure, a version bound is out of range, a {@code lang:} capability names another language, a feature is
     * listed in {@link #without()}, or a function in the steps has no source in {@link #language()}.
     */
    public Applicability applicability(Case c) {
        if (!conformance.includes(c.conformance())) {
            return Applicability.no(Applicability.Cause.PROFILE, "in the " + c.conformance().id()
                    + " profile only (run with --profile " + c.conformance().id() + ")");
        }
        Applicability capable = applicability(c.capabilities());
        if (!capable.applicable()) {
            return capable;
        }
        List<MissingSource> missing = missingSources(c);
        if (!missing.isEmpty()) {
            MissingSource first = missing.get(0);
            return Applicability.no(Applicability.Cause.NO_SOURCE, "no " + language + " source for function"
                    + first.catalogueId().map(id -> " " + id).orElse("") + " (step " + first.step() + ")");
        }
        return Applicability.yes();
    }

    /**
     * The catalogue ids of the functions of {@code c} that have no source in {@link #language()} (inline sources
     * without one count by the case's id), in step order.
     */
    public Set<String> missingFunctions(Case c) {
        Set<String> missing = new LinkedHashSet<>();
        for (MissingSource source : missingSources(c)) {
            missing.add(source.catalogueId().orElse("(inline in " + c.id() + ")"));
        }
        return missing;
    }

    /** A function of a case without a source in the language: its catalogue id (empty for inline) and its step. */
    private record MissingSource(Optional<String> catalogueId, int step) {}

    private List<MissingSource> missingSources(Case c) {
        List<MissingSource> missing = new ArrayList<>();
        for (Step step : c.steps()) {
            for (var function : FunctionSources.find(step.payload())) {
                if (FunctionSources.source(function, language, functions).isEmpty()) {
                    missing.add(new MissingSource(FunctionSources.catalogueId(function), step.index()));
                }
            }
        }
        return missing;
    }

    /**
     * Whether this target has {@code capabilities} (as a case lists them, already checked when the case loaded): not
     * applicable when a version bound is out of range, a {@code lang:} capability names another language or a feature
     * is listed in {@link #without()}.
     */
    public Applicability applicability(List<String> capabilities) {
        for (String text : capabilities) {
            Optional<Applicability> unmet = Capability.parse(text).unmetBy(this);
            if (unmet.isPresent()) {
                return unmet.get();
            }
        }
        return Applicability.yes();
    }

    /**
     * The feature a case's capability names ({@code sandbox.timeout}), or empty for a version bound or a language.
     *
     * @throws IllegalArgumentException when {@code capability} is none of them
     */
    public static Optional<String> featureOf(String capability) {
        return Capability.parse(capability).feature();
    }
}
