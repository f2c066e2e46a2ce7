package org.couchtck.kit.report;

import org.couchtck.kit.cases.Applicability;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;

/** Builders of runs and case results for the report tests. */
final class TestRuns {

    static final Instant STARTED = Instant.parse("2026-11-22T03:15:00.123456789Z");

    private TestRuns() {}

    static RunBuilder aRun() {
        return new RunBuilder();
    }

    static CaseBuilder aCase(String id) {
        return new CaseBuilder(id);
    }

    /** A run with one case of every verdict, evidence included. */
    static RunResult everyVerdict() {
        RunBuilder run = aRun();
        run.with(aCase("qs.map_doc.emits-once").verdict(Verdict.PASS).exchange("[\"map_doc\",{}]", "[[[1,null]]]"));
        run.with(aCase("qs.map_doc.throw-drops-emits").verdict(Verdict.FAIL)
                .message("reply differs at $[0]").expected("[[]]").actual("[[[1,2]]]").failedStep(2)
                .exchange("[\"map_doc\",{\"_id\":\"a\"}]", "[[[1,2]]]").stderr("boom"));
        run.with(aCase("qs.reduce.sum-floats").level(Level.SHOULD).verdict(Verdict.WARN)
                .message("0.30000000000000004 is not 0.3").seed(42));
        run.with(aCase("qs.lists.python-only").notApplicable(Applicability.Cause.LANGUAGE)
                .message("about another language itself"));
        run.with(aCase("qs.reduce.hangs").verdict(Verdict.ERROR).message("timed out after 5000 ms")
                .event("timeout"));
        run.with(aCase("qs.ddoc.old-bug").verdict(Verdict.KNOWN).message("reply differs")
                .baselineReason("upstream issue #12"));
        run.with(aCase("qs.ddoc.fixed-bug").verdict(Verdict.STALE).baselineReason("was issue #7"));
        return run.build();
    }

    /** A run whose endpoint went away twice: once for a case that caused it, once without a cause found. */
    static RunResult withOutages() {
        return aRun().with(aCase("http.changes.filter-x").verdict(Verdict.FAIL).message("crashed it"))
                .outage(new EndpointOutage(1, STARTED, "exited with status 1", "Error: boom <&>", List.of(
                        "http.changes.filter-x: GET /db/_changes?filter=x"), List.of("http.changes.filter-x"),
                        "it went away again while this case ran alone"))
                .outage(new EndpointOutage(2, STARTED.plusSeconds(1), "stopped answering", "", List.of(), List.of(),
                        "no case had a request in flight"))
                .build();
    }

    static final class RunBuilder {
        private String runId = "20261122-031500-reference";
        private RunResult.TargetInfo target =
                new RunResult.TargetInfo("reference", "java -cp ref.jar Main", "javascript", "3.5.2", "couchdb");
        private Duration duration = Duration.ofMillis(12_345).plusNanos(678);
        private final List<CaseResult> cases = new ArrayList<>();
        private final List<EndpointOutage> outages = new ArrayList<>();

        RunBuilder runId(String value) {
            runId = value;
            return this;
        }

        RunBuilder target(RunResult.TargetInfo value) {
            target = value;
            return this;
        }

        RunBuilder duration(Duration value) {
            duration = value;
            return this;
        }

        RunBuilder with(CaseBuilder result) {
            cases.add(result.build());
            return this;
        }

        RunBuilder with(CaseResult result) {
            cases.add(result);
            return this;
        }

        RunBuilder outage(EndpointOutage outage) {
            outages.add(outage);
            return this;
        }

        RunResult build() {
            return new RunResult(runId, "0.1.0-SNAPSHOT", target, STARTED, duration, cases, outages);
        }
    }

    static final class CaseBuilder {
        private final String id;
        private String section;
        private Level level = Level.MUST;
        private Verdict verdict = Verdict.PASS;
        private String message = "";
        private String expected = "";
        private String actual = "";
        private int failedStep = -1;
        private final List<TranscriptEntry> transcript = new ArrayList<>();
        private OptionalLong seed = OptionalLong.empty();
        private Duration duration = Duration.ofMillis(3).plusNanos(250_000);
        private String baselineReason = "";
        private Applicability.Cause notApplicable = Applicability.Cause.NONE;
        private Instant clock = STARTED.plusMillis(100);

        CaseBuilder(String id) {
            this.id = id;
            String[] segments = id.split("\\.");
            this.section = segments.length > 1 ? segments[1] : id;
        }

        CaseBuilder section(String value) {
            section = value;
            return this;
        }

        CaseBuilder level(Level value) {
            level = value;
            return this;
        }

        CaseBuilder verdict(Verdict value) {
            verdict = value;
            return this;
        }

        /** An NA case, and why it did not apply. */
        CaseBuilder notApplicable(Applicability.Cause cause) {
            verdict = Verdict.NA;
            notApplicable = cause;
            return this;
        }

        CaseBuilder message(String value) {
            message = value;
            return this;
        }

        CaseBuilder expected(String value) {
            expected = value;
            return this;
        }

        CaseBuilder actual(String value) {
            actual = value;
            return this;
        }

        CaseBuilder failedStep(int value) {
            failedStep = value;
            return this;
        }

        CaseBuilder seed(long value) {
            seed = OptionalLong.of(value);
            return this;
        }

        CaseBuilder duration(Duration value) {
            duration = value;
            return this;
        }

        CaseBuilder baselineReason(String value) {
            baselineReason = value;
            return this;
        }

        /** A request and its reply, 1.5 ms apart. */
        CaseBuilder exchange(String sent, String received) {
            line(Direction.SENT, sent);
            return line(Direction.RECEIVED, received);
        }

        CaseBuilder stderr(String text) {
            return line(Direction.STDERR, text);
        }

        CaseBuilder event(String text) {
            return line(Direction.EVENT, text);
        }

        CaseBuilder line(Direction direction, String text) {
            transcript.add(new TranscriptEntry(clock, direction, text));
            clock = clock.plusNanos(1_500_000);
            return this;
        }

        CaseResult build() {
            return new CaseResult(id, section, level, "what " + id + " checks", "share/server/views.js", verdict,
                    message, expected, actual, failedStep, transcript, seed, duration, baselineReason, notApplicable);
        }
    }
}
