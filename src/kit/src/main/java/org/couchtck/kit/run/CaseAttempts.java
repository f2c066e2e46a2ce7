package org.couchtck.kit.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.EndpointWatch;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.endpoint.InFlight;
import org.couchtck.kit.endpoint.Outage;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * Runs HTTP cases so that an outage of the endpoint never decides a verdict by accident. A case during whose run the
 * endpoint went away (it exited, stopped answering, refused connections) is not judged by that run: once the endpoint
 * is back the case runs again. Which case caused an outage is found by running it alone: a case that had a request in
 * flight at two outages, or met one outage after another, runs last, when no other case runs ({@link #alone}); if the
 * endpoint goes away then, that case caused it, and fails saying so. A case whose endpoint is gone for good is not run.
 */
final class CaseAttempts {

    /** Runs of a case beside others, each ended by an outage, before it runs alone. */
    static final int MAX_BESIDE_OTHERS = 4;
    /** Outages with a request of the case in flight before it runs alone. */
    static final int IN_FLIGHT_STRIKES = 2;

    private final EndpointWatch watch;
    /** The runs of each case that an outage ended, by case id. */
    private final Map<String, List<Attempt>> ended = new ConcurrentHashMap<>();
    /** The case that made each outage happen again alone, by outage number. */
    private final Map<Integer, String> causes = new ConcurrentHashMap<>();

    /** One run of a case that an outage ended. */
    private record Attempt(Instant started, Outage outage, List<InFlight> inFlight) {}

    CaseAttempts(EndpointWatch watch) {
        this.watch = watch;
    }

    /** Whether an outage of the endpoint ended a run of {@code testCase}. */
    boolean metOutage(HttpCase testCase) {
        return ended.containsKey(testCase.id());
    }

    /**
     * Runs {@code testCase} beside the run's other cases, again after each outage that ended a run of it.
     *
     * @return its result; empty when it is to run alone ({@link #alone}), after the others
     */
    Optional<CaseResult> besideOthers(HttpCase testCase, Supplier<CaseResult> run) {
        while (true) {
            Optional<CaseResult> gone = goneResult(testCase);
            if (gone.isPresent()) {
                return gone;
            }
            Instant started = Instant.now();
            long before = watch.outageCount();
            CaseResult result = run.get();
            List<Outage> during = watch.outagesAfter(before);
            if (during.isEmpty()) {
                return Optional.of(withEarlierAttempts(testCase, result));
            }
            List<Attempt> attempts = record(testCase, started, during);
            long strikes = attempts.stream().filter(a -> !a.inFlight().isEmpty()).count();
            if (strikes >= IN_FLIGHT_STRIKES || attempts.size() >= MAX_BESIDE_OTHERS) {
                return Optional.empty();
            }
        }
    }

    /**
     * Runs {@code testCase} while no other case runs: an outage now is its doing, and fails it whatever its level (a
     * CouchDB-compatible server answers every request and stays up).
     */
    CaseResult alone(HttpCase testCase, Supplier<CaseResult> run) {
        Optional<CaseResult> gone = goneResult(testCase);
        if (gone.isPresent()) {
            return gone.get();
        }
        Instant started = Instant.now();
        long before = watch.outageCount();
        CaseResult result = run.get();
        List<Outage> during = watch.outagesAfter(before);
        if (during.isEmpty()) {
            return withEarlierAttempts(testCase, result);
        }
        Outage outage = during.get(0);
        causes.put(outage.number(), testCase.id());
        List<InFlight> mine = outage.inFlightOf(testCase.id());
        // The request in flight is where the endpoint went away, not always what made it: a server may fail a moment
        // after the answer that set it off (PouchDB Server's changes feeds), so the transcript shows the whole run.
        String message = "the endpoint " + outage.what() + " while this case ran alone (outage " + outage.number()
                + (mine.isEmpty() ? "" : "; in flight: " + String.join(", ", mine.stream().map(InFlight::request)
                        .toList())) + lastAnswerBefore(result.transcript(), outage.at()) + ")" + lastWords(outage);
        CaseResult failed = new CaseResult(testCase.id(), testCase.section(), testCase.level(),
                testCase.description(), testCase.spec(), Verdict.FAIL, message, "an answer, and the endpoint still up",
                outage.what(), -1, result.transcript(), OptionalLong.empty(), result.duration(), "");
        return withEarlierAttempts(testCase, failed);
    }

    /** The case that made outage {@code number} happen again alone, when one did. */
    Optional<String> causeOf(int number) {
        return Optional.ofNullable(causes.get(number));
    }

    private List<Attempt> record(HttpCase testCase, Instant started, List<Outage> during) {
        List<InFlight> inFlight = new ArrayList<>();
        during.forEach(outage -> inFlight.addAll(outage.inFlightOf(testCase.id())));
        List<Attempt> attempts = ended.computeIfAbsent(testCase.id(), id -> new ArrayList<>());
        synchronized (attempts) {
            attempts.add(new Attempt(started, during.get(0), inFlight));
            return List.copyOf(attempts);
        }
    }

    /** ERROR, not run, when the endpoint is gone for good; empty once it is up. */
    private Optional<CaseResult> goneResult(HttpCase testCase) {
        boolean up;
        try {
            up = watch.awaitUp();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(error(testCase, "interrupted while the endpoint was away; the case was not run"));
        }
        return up ? Optional.empty() : Optional.of(withEarlierAttempts(testCase, error(testCase,
                "not run: the endpoint is gone: " + watch.goneBecause())));
    }

    /** {@code result} with a line in front of its transcript for each earlier run an outage ended. */
    private CaseResult withEarlierAttempts(HttpCase testCase, CaseResult result) {
        List<Attempt> attempts = ended.getOrDefault(testCase.id(), List.of());
        if (attempts.isEmpty()) {
            return result;
        }
        List<TranscriptEntry> transcript = new ArrayList<>();
        synchronized (attempts) {
            for (int i = 0; i < attempts.size(); i++) {
                Attempt attempt = attempts.get(i);
                transcript.add(new TranscriptEntry(attempt.started(), Direction.EVENT, "run " + (i + 1)
                        + " of the case was not judged: the endpoint " + attempt.outage().what() + " (outage "
                        + attempt.outage().number() + ") while it ran" + (attempt.inFlight().isEmpty()
                        ? " beside other cases" : ", with its request " + attempt.inFlight().get(0).request()
                                + " in flight")));
            }
            transcript.add(new TranscriptEntry(Instant.now(), Direction.EVENT, "run " + (attempts.size() + 1)
                    + " of the case, once the endpoint was back, judges it:"));
        }
        transcript.addAll(result.transcript());
        return new CaseResult(result.caseId(), result.section(), result.level(), result.description(),
                result.spec(), result.verdict(), result.message(), result.expected(), result.actual(),
                result.failedStep(), transcript, result.seed(), result.duration(), result.baselineReason(),
                result.notApplicable());
    }

    /**
     * The case's last request answered before the outage, with the answer's status line: a server may go away a
     * moment after an answer that set it off, while the request in flight is only the next one (the case's clean-up).
     */
    private static String lastAnswerBefore(List<TranscriptEntry> transcript, Instant outageAt) {
        String sent = null;
        String answered = "";
        for (TranscriptEntry entry : transcript) {
            if (entry.at().isAfter(outageAt)) {
                break;
            }
            if (entry.direction() == Direction.SENT) {
                sent = firstLine(entry.text());
            } else if (entry.direction() == Direction.RECEIVED && sent != null) {
                answered = sent + " answered " + firstLine(entry.text());
                sent = null;
            }
        }
        return answered.isEmpty() ? "" : "; the last answer before it: " + answered;
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    private static String lastWords(Outage outage) {
        String last = outage.lastStderrLines(5);
        return last.isEmpty() ? "" : "; its standard error ends: " + last.replaceAll("\\s*\\R\\s*", " | ");
    }

    private static CaseResult error(HttpCase testCase, String message) {
        return new CaseResult(testCase.id(), testCase.section(), testCase.level(), testCase.description(),
                testCase.spec(), Verdict.ERROR, message, "", "", -1, List.of(new TranscriptEntry(Instant.now(),
                        Direction.EVENT, message)), OptionalLong.empty(), Duration.ZERO, "");
    }
}
