package org.couchtck.kit.daemons.external;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.daemons.external.RequestObjects.RequestObject;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.PropertyRunner;
import org.couchtck.kit.generate.Reproducer;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * Runs the generated {@code _external} cases ({@link GeneratedExternalSuites}): examples from the run's seed, each
 * failure shrunk to the fewest and simplest requests, and printed as a {@code printf ... | handler} line.
 */
final class GeneratedExternalRunner {

    private final HandlerProcesses handlers;
    private final Duration timeout;
    private final long seed;
    private final GenerationBudget budget;

    GeneratedExternalRunner(HandlerProcesses handlers, Duration timeout, long seed, GenerationBudget budget) {
        this.handlers = handlers;
        this.timeout = timeout;
        this.seed = seed;
        this.budget = budget;
    }

    /** Runs the generated case {@code testCase}. Never throws for what the handler does. */
    CaseResult run(ExternalCase testCase) {
        Instant started = Instant.now();
        Transcript summary = new Transcript();
        if (handlers.unresponsive()) {
            return result(testCase, Verdict.ERROR, "not run: the handler stopped answering earlier in this run", "",
                    "", -1, summary.entries(), started);
        }
        RequestsProperty.Kind kind = testCase.id().equals(GeneratedExternalSuites.ECHO) ? RequestsProperty.Kind.ECHO
                : RequestsProperty.Kind.ACCEPTED;
        try {
            if (kind == RequestsProperty.Kind.ECHO && !echoes(summary)) {
                return result(testCase, Verdict.NA, "the handler does not echo: its reply to a plain GET has no "
                        + "json.request object", "", "", -1, summary.entries(), started)
                        .withNotApplicable(Applicability.Cause.BEHAVIOUR);
            }
            PropertyRunner.Report report = new PropertyRunner(budget).run(testCase.id(),
                    new RequestsProperty(handlers, timeout, kind), seed);
            handlers.caseEnded(true);
            summary.add(Direction.EVENT, "seed " + seed + ": " + report.examples() + " generated examples");
            List<TranscriptEntry> transcript = new ArrayList<>(summary.entries());
            transcript.addAll(report.transcript().entries());
            if (report.failure().isEmpty()) {
                return result(testCase, Verdict.PASS, "", "", "", -1, transcript, started);
            }
            PropertyRunner.Failure failure = report.failure().get();
            Counterexample shrunk = failure.shrunk();
            String message = "example " + failure.example() + " of seed " + seed + ": " + shrunk.message()
                    + "; shrunk from " + failure.original().lines().size() + " to " + shrunk.lines().size()
                    + " requests (" + failure.shrink().steps() + " candidates, "
                    + failure.shrink().elapsed().toMillis() + " ms)\nreproduce: "
                    + Reproducer.printf(shrunk.lines(), handlers.command().display());
            return result(testCase, Verdict.broken(testCase.level()), message, shrunk.expected(), shrunk.actual(),
                    shrunk.failedLine(), transcript, started);
        } catch (RequestsProperty.HandlerUnavailable e) {
            handlers.caseEnded(false);
            return result(testCase, Verdict.ERROR, e.getMessage(), "", "", -1, summary.entries(), started);
        }
    }

    /** Whether the handler answers the simplest request with an echo of it. */
    private boolean echoes(Transcript transcript) {
        StdioServer handler;
        try {
            handler = handlers.handlerFor(false, transcript);
        } catch (TargetStartException e) {
            throw new RequestsProperty.HandlerUnavailable(e.getMessage());
        }
        transcript.add(Direction.EVENT, "does the handler echo? the simplest request first");
        RequestObject first = RequestObjects.build(RequestGenerator.request(Choices.replay(List.of())),
                RequestGenerator.uuid(Choices.replay(List.of())));
        Exchange exchange = handler.exchange(first.line(), timeout);
        return exchange.reply().map(RequestsProperty::isEcho).orElse(false);
    }

    private CaseResult result(ExternalCase c, Verdict verdict, String message, String expected, String actual,
            int failedStep, List<TranscriptEntry> transcript, Instant started) {
        return new CaseResult(c.id(), c.section(), c.level(), c.description(), c.spec(), verdict, message, expected,
                actual, failedStep, transcript, OptionalLong.of(seed), Duration.between(started, Instant.now()), "");
    }
}
