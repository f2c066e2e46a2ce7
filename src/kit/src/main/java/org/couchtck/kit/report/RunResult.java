package org.couchtck.kit.report;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * One run of the kit against one target: the input of every report.
 *
 * @param runId folder-safe id of the run (e.g. 20261122-031500-reference)
 * @param kitVersion the kit's version
 * @param target what was tested
 * @param started when the run started
 * @param duration wall time of the whole run
 * @param cases results in run order
 * @param outages the times the HTTP suite's endpoint went away, in order
 * @param unfinished why the run ended before it judged every case ("interrupted after 120 of 929 cases", "not run:
 *     the target could not be started: ..."), or null when it judged them all
 */
public record RunResult(
        String runId, String kitVersion, TargetInfo target, Instant started, Duration duration, List<CaseResult> cases,
        List<EndpointOutage> outages, String unfinished) {

    public RunResult {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(started, "started");
        cases = List.copyOf(cases);
        outages = List.copyOf(outages);
    }

    /** A run that judged every case. */
    public RunResult(String runId, String kitVersion, TargetInfo target, Instant started, Duration duration,
            List<CaseResult> cases, List<EndpointOutage> outages) {
        this(runId, kitVersion, target, started, duration, cases, outages, null);
    }

    /** This run, ended before it judged every case because {@code why}. */
    public RunResult unfinished(String why) {
        return new RunResult(runId, kitVersion, target, started, duration, cases, outages, why);
    }

    /** Why the run ended before it judged every case; empty when it judged them all. */
    public Optional<String> whyUnfinished() {
        return Optional.ofNullable(unfinished);
    }

    /** A run whose endpoint, if it had one, never went away. */
    public RunResult(String runId, String kitVersion, TargetInfo target, Instant started, Duration duration,
            List<CaseResult> cases) {
        this(runId, kitVersion, target, started, duration, cases, List.of());
    }

    /** The outage {@code number}, if the run had it. */
    public Optional<EndpointOutage> outage(int number) {
        return outages.stream().filter(o -> o.number() == number).findFirst();
    }

    /**
     * What the run was pointed at.
     *
     * @param name short label ("reference", or the server command)
     * @param command the command line or endpoint
     * @param language the function language
     * @param couchDbVersion the CouchDB version whose message shapes were sent
     * @param profile the conformance profile the target was measured against ({@code couchdb}, {@code couchjs});
     *     null in results written before profiles existed
     * @param endpoint the HTTP endpoint of the HTTP suite; null when that suite did not run
     */
    public record TargetInfo(String name, String command, String language, String couchDbVersion, String profile,
            String endpoint) {

        /** A target without an HTTP endpoint. */
        public TargetInfo(String name, String command, String language, String couchDbVersion, String profile) {
            this(name, command, language, couchDbVersion, profile, null);
        }

        /** A target whose profile is not known. */
        public TargetInfo(String name, String command, String language, String couchDbVersion) {
            this(name, command, language, couchDbVersion, null);
        }
    }

    /** Number of cases per verdict; every verdict is present. */
    public Map<Verdict, Integer> counts() {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        for (Verdict v : Verdict.values()) {
            counts.put(v, 0);
        }
        for (CaseResult c : cases) {
            counts.merge(c.verdict(), 1, Integer::sum);
        }
        return counts;
    }

    /** Whether the run passes: it judged every case, something was tested, and no FAIL, ERROR or STALE. */
    public boolean passed() {
        return unfinished == null && !testedNothing() && cases.stream().noneMatch(c -> c.verdict().failsRun());
    }

    /**
     * The run's outcome in a few words, as every report heads it: {@code passed}, {@code failed}, {@code nothing
     * tested}, or why it is unfinished.
     */
    public String outcome() {
        return passed() ? "passed" : unfinished != null ? unfinished : testedNothing() ? "nothing tested" : "failed";
    }

    /**
     * Whether no case was judged: none selected, or every one NA. Such a run fails: a typo in a selection, or a
     * target that lacks everything asked of it, must not look green.
     */
    public boolean testedNothing() {
        return cases.stream().allMatch(c -> c.verdict() == Verdict.NA);
    }
}
