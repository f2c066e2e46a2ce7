package org.couchtck.kit.queryserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Step;
import org.couchtck.kit.cases.StepKind;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.MatchResult;
import org.couchtck.kit.check.Matcher;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * Runs one corpus case against a stdio query server and judges it: step by step, the rendered line is sent, the
 * reply, log lines and exit are checked against the step's matchers, and the first broken expectation decides the
 * verdict.
 */
public final class CaseExecutor {

    private final TargetProfile profile;
    private final StepRenderer renderer;
    private final ServerSupervisor supervisor;
    private final Duration defaultTimeout;

    public CaseExecutor(TargetProfile profile, ServerSupervisor supervisor, Duration defaultTimeout) {
        this.profile = profile;
        this.renderer = new StepRenderer(profile);
        this.supervisor = supervisor;
        this.defaultTimeout = defaultTimeout;
    }

    /** Runs {@code testCase} and returns its verdict with the transcript. Never throws for target misbehaviour. */
    public CaseResult run(Case testCase) {
        Instant started = Instant.now();
        Transcript transcript = new Transcript();
        Applicability applicability = profile.applicability(testCase);
        if (!applicability.applicable()) {
            return new Outcome(Verdict.NA, applicability.reason()).toResult(testCase, transcript, started);
        }
        if (supervisor.unresponsive()) {
            return new Outcome(Verdict.ERROR, "not run: the target stopped answering earlier in this run")
                    .toResult(testCase, transcript, started);
        }
        StdioServer server;
        try {
            server = supervisor.serverFor(testCase.fresh(), transcript);
        } catch (TargetStartException e) {
            transcript.add(Direction.EVENT, e.getMessage());
            supervisor.caseEnded(false);
            return new Outcome(Verdict.ERROR, e.getMessage()).toResult(testCase, transcript, started);
        }
        Outcome outcome = runSteps(testCase, server, transcript);
        supervisor.caseEnded(!outcome.serverDied);
        return outcome.toResult(testCase, transcript, started);
    }

    private Outcome runSteps(Case testCase, StdioServer server, Transcript transcript) {
        for (Step step : testCase.steps()) {
            Duration timeout = timeoutOf(step);
            Exchange exchange;
            Optional<String> line = renderer.line(step);
            if (step.kind() == StepKind.CLOSE) {
                exchange = server.closeInput(timeout);
            } else {
                exchange = server.exchange(line.orElseThrow(), timeout);
            }
            Outcome outcome = judge(testCase, step, exchange, server, timeout);
            if (outcome != null) {
                return outcome;
            }
        }
        return new Outcome(Verdict.PASS, "");
    }

    /** The outcome of a step that broke an expectation, or null when every check of the step held. */
    private Outcome judge(Case testCase, Step step, Exchange exchange, StdioServer server, Duration timeout) {
        Optional<JsonNode> reply = Optional.empty();
        if (exchange.outcome() == Exchange.Outcome.REPLY) {
            reply = exchange.replyJson();
            if (reply.isEmpty()) {
                // Whatever the case expects, a reply line that is not JSON breaks the protocol itself.
                return broken(testCase, step, "reply is not JSON", step.expect().map(Matcher::spec).orElse(null),
                        exchange.reply().orElse(""), false);
            }
        }
        boolean replyExpected = step.kind() != StepKind.CLOSE;
        Matcher expect = step.expect().orElse(null);
        if (replyExpected) {
            if (expect == null && exchange.outcome() != Exchange.Outcome.REPLY) {
                return failedToAnswer(testCase, step, exchange, null);
            }
            if (expect != null) {
                MatchResult result = expect.match(reply);
                if (!result.matched()) {
                    if (exchange.outcome() != Exchange.Outcome.REPLY) {
                        return failedToAnswer(testCase, step, exchange, expect.spec());
                    }
                    return broken(testCase, step, at(result), expect.spec(), exchange.reply().orElse(""), false);
                }
            }
        }
        if (step.logs().isPresent()) {
            ArrayNode logs = JsonNodeFactory.instance.arrayNode();
            exchange.logs().forEach(logs::add);
            MatchResult result = step.logs().get().match(Optional.of(logs));
            if (!result.matched()) {
                return broken(testCase, step, "log lines: " + at(result), step.logs().get().spec(), logs.toString(),
                        false);
            }
        }
        if (step.exit().isPresent()) {
            OptionalInt status = exchange.exitCode().isPresent() ? exchange.exitCode() : server.awaitExit(timeout);
            if (status.isEmpty()) {
                return broken(testCase, step, "the server did not exit within " + timeout.toMillis() + " ms",
                        step.exit().get().spec(), "still running", false);
            }
            MatchResult result = step.exit().get().match(Optional.of(JsonNodeFactory.instance.numberNode(
                    status.getAsInt())));
            if (!result.matched()) {
                return broken(testCase, step, "exit status: " + result.message(), step.exit().get().spec(),
                        Integer.toString(status.getAsInt()), false);
            }
        } else if (exchange.outcome() == Exchange.Outcome.REPLY && exchange.exitCode().isPresent()) {
            return broken(testCase, step, "the server exited with status " + exchange.exitCode().getAsInt()
                    + " where no exit was expected", null, exchange.reply().orElse(""), true);
        }
        return null;
    }

    /** A missing reply: a hang, a crash, a flood or a dead pipe. A flood is a wrong answer; the rest are ERROR. */
    private Outcome failedToAnswer(Case testCase, Step step, Exchange exchange, JsonNode expected) {
        String what = "step " + step.index() + ": " + exchange.describe();
        if (exchange.outcome() == Exchange.Outcome.LINE_TOO_LONG) {
            return broken(testCase, step, exchange.describe(), expected, exchange.reply().orElse(""), true);
        }
        Outcome outcome = new Outcome(Verdict.ERROR, what);
        outcome.failedStep = step.index();
        outcome.expected = expected == null ? "a reply line" : expected.toString();
        outcome.actual = exchange.reply().orElse("(no reply)");
        outcome.serverDied = true;
        return outcome;
    }

    private static Outcome broken(Case testCase, Step step, String message, JsonNode expected, String actual,
            boolean serverDied) {
        Verdict verdict = testCase.level().failsRun() ? Verdict.FAIL : Verdict.WARN;
        Outcome outcome = new Outcome(verdict, "step " + step.index() + ": " + message);
        outcome.failedStep = step.index();
        outcome.expected = expected == null ? "" : expected.toString();
        outcome.actual = actual;
        outcome.serverDied = serverDied;
        return outcome;
    }

    private static String at(MatchResult result) {
        String pointer = result.pointer() == null || result.pointer().isEmpty() ? "" : "at " + result.pointer() + ": ";
        return pointer + result.message();
    }

    private Duration timeoutOf(Step step) {
        OptionalLong millis = step.timeoutMillis();
        return millis.isPresent() ? Duration.ofMillis(millis.getAsLong()) : defaultTimeout;
    }

    /** What a case came to, before it is turned into a {@link CaseResult}. */
    private static final class Outcome {
        final Verdict verdict;
        final String message;
        int failedStep = -1;
        String expected = "";
        String actual = "";
        boolean serverDied;

        Outcome(Verdict verdict, String message) {
            this.verdict = verdict;
            this.message = message;
        }

        CaseResult toResult(Case c, Transcript transcript, Instant started) {
            return new CaseResult(c.id(), c.section(), c.level(), c.description(), c.spec(), verdict, message,
                    expected, actual, failedStep, transcript.entries(), OptionalLong.empty(),
                    Duration.between(started, Instant.now()), "");
        }
    }
}
