package org.couchtck.kit.queryserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
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
import org.couchtck.kit.check.SlowJudgement;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;

/**
 * Runs one corpus case against a stdio query server and judges it: step by step, the rendered line is sent, the
 * reply, log lines and exit are checked against the step's matchers, and the first broken expectation decides the
 * verdict.
 *
 * <p>A server that crashes, exits or hangs where a reply was due has answered wrongly: FAIL or WARN by the case's
 * level, with the transcript. ERROR is kept for what the kit cannot judge: no process could be started. A missing
 * reply is judged only after the case ran once more in a fresh process, so one slow moment of a loaded machine is
 * not a verdict; the result says when the second run decided it.
 */
public final class CaseExecutor {

    private final TargetProfile profile;
    private final StepRenderer renderer;
    private final ServerSupervisor supervisor;
    private final Duration defaultTimeout;
    /** Commands that went unanswered in a case and again in its run in a fresh process. */
    private final Set<String> hangingCommands = new HashSet<>();

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
            return new Outcome(Verdict.NA, applicability.reason()).toResult(testCase, transcript, started)
                    .withNotApplicable(applicability.cause());
        }
        if (supervisor.unresponsive()) {
            return new Outcome(Verdict.ERROR, "not run: the target stopped answering earlier in this run")
                    .toResult(testCase, transcript, started);
        }
        Outcome outcome = attempt(testCase, testCase.fresh(), transcript, 1);
        if (outcome.timedOut && hangingCommands.contains(outcome.command)) {
            outcome.message += " (not run again: " + outcome.command + " already went unanswered in a fresh process "
                    + "earlier in this run)";
        } else if (outcome.timedOut) {
            // On a loaded machine a bound runs out without anything being wrong: the second run, in a fresh process,
            // gets SlowJudgement.SCALE times its bounds, and a pass then is a pass on a slow machine.
            transcript.add(Direction.EVENT, "no reply in time at step " + outcome.failedStep
                    + "; running the case once more in a fresh process with " + SlowJudgement.SCALE
                    + "× its bounds before judging");
            Instant again = Instant.now();
            Outcome retried = attempt(testCase, true, transcript, SlowJudgement.SCALE);
            retried.message = retried.verdict == Verdict.PASS
                    ? CaseResult.SLOW_PREFIX + "it passed only when run again in a fresh process with "
                            + SlowJudgement.SCALE + "× its bounds (it took " + Duration.between(again, Instant.now())
                            .toMillis() + " ms), after a first run with " + outcome.message
                    : retried.message + (retried.timedOut ? " (a hang: also when run again in a fresh process with "
                            + SlowJudgement.SCALE + "× its bounds)"
                            : " (when run again in a fresh process after a first run with no reply in time)");
            if (retried.timedOut) {
                // A command that hangs twice hangs for good: later cases are judged on their first run.
                hangingCommands.add(retried.command);
            }
            outcome = retried;
        }
        return outcome.toResult(testCase, transcript, started);
    }

    /** One run of the case's steps on a server from the supervisor. */
    private Outcome attempt(Case testCase, boolean fresh, Transcript transcript, int boundsScale) {
        StdioServer server;
        try {
            server = supervisor.serverFor(fresh, transcript);
        } catch (TargetStartException e) {
            transcript.add(Direction.EVENT, e.getMessage());
            supervisor.caseEnded(false);
            return new Outcome(Verdict.ERROR, e.getMessage());
        }
        Outcome outcome = runSteps(testCase, server, transcript, supervisor.sentCheckoutReset(), boundsScale);
        supervisor.caseEnded(outcome.answered);
        return outcome;
    }

    private Outcome runSteps(Case testCase, StdioServer server, Transcript transcript, boolean checkedOut,
            int boundsScale) {
        boolean answered = false;
        for (Step step : testCase.steps()) {
            Duration timeout = timeoutOf(step).multipliedBy(boundsScale);
            Exchange exchange;
            Optional<String> line = renderer.line(step);
            if (checkedOut && step.index() == firstIndex(testCase) && isCheckoutReset(step, line)) {
                transcript.add(Direction.EVENT, "step " + step.index() + " is that checkout reset, answered true");
                answered = true;
                continue;
            }
            if (step.kind() == StepKind.CLOSE) {
                exchange = server.closeInput(timeout);
            } else {
                exchange = server.exchange(line.orElseThrow(), timeout);
            }
            answered |= exchange.outcome() == Exchange.Outcome.REPLY;
            Outcome outcome = judge(testCase, step, exchange, server, timeout);
            if (outcome != null) {
                outcome.command = line.map(CaseExecutor::commandOf).orElse("closing the input");
                outcome.message = named(outcome.message, step, outcome.command);
                outcome.answered = answered;
                // A process that never replied at all already had the start-up grace: it gets no second chance.
                outcome.timedOut &= server.hasReplied();
                return outcome;
            }
        }
        Outcome passed = new Outcome(Verdict.PASS, "");
        passed.answered = true;
        return passed;
    }

    private static int firstIndex(Case testCase) {
        return testCase.steps().isEmpty() ? -1 : testCase.steps().get(0).index();
    }

    /**
     * Whether {@code step} sends exactly the checkout reset and asks no more of it than the {@code true} the
     * supervisor already got.
     */
    private boolean isCheckoutReset(Step step, Optional<String> line) {
        return step.kind() == StepKind.RESET && line.equals(Optional.of(renderer.resetLine()))
                && step.logs().isEmpty() && step.exit().isEmpty() && step.timeoutMillis().isEmpty()
                && step.expect().map(m -> m.match(Optional.of(JsonNodeFactory.instance.booleanNode(true))).matched())
                        .orElse(true);
    }

    /** The outcome of a step that broke an expectation, or null when every check of the step held. */
    private Outcome judge(Case testCase, Step step, Exchange exchange, StdioServer server, Duration timeout) {
        Optional<JsonNode> reply = Optional.empty();
        if (exchange.outcome() == Exchange.Outcome.REPLY) {
            reply = exchange.replyJson();
            if (reply.isEmpty()) {
                // Whatever the case expects, a reply line that is not JSON breaks the protocol itself.
                return broken(testCase, step, "reply is not JSON", step.expect().map(Matcher::spec).orElse(null),
                        exchange.reply().orElse(""));
            }
        }
        boolean replyExpected = step.kind() != StepKind.CLOSE;
        Matcher expect = step.expect().orElse(null);
        if (replyExpected) {
            if (expect == null && exchange.outcome() != Exchange.Outcome.REPLY) {
                return failedToAnswer(testCase, step, exchange, null, server);
            }
            if (expect != null) {
                MatchResult result = expect.match(reply);
                if (!result.matched()) {
                    if (exchange.outcome() != Exchange.Outcome.REPLY) {
                        return failedToAnswer(testCase, step, exchange, expect.spec(), server);
                    }
                    return broken(testCase, step, at(result), expect.spec(), exchange.reply().orElse(""));
                }
            }
        }
        if (step.logs().isPresent()) {
            ArrayNode logs = JsonNodeFactory.instance.arrayNode();
            exchange.logs().forEach(logs::add);
            MatchResult result = step.logs().get().match(Optional.of(logs));
            if (!result.matched()) {
                return broken(testCase, step, "log lines: " + at(result), step.logs().get().spec(), logs.toString());
            }
        }
        if (step.exit().isPresent()) {
            OptionalInt status = exchange.exitCode().isPresent() ? exchange.exitCode() : server.awaitExit(timeout);
            if (status.isEmpty() || server.killedByKit()) {
                // A process the kit had to kill never counts as having exited.
                return broken(testCase, step, "the server did not exit on its own within " + timeout.toMillis()
                        + " ms; the kit killed it", step.exit().get().spec(), "still running");
            }
            MatchResult result = step.exit().get().match(Optional.of(JsonNodeFactory.instance.numberNode(
                    status.getAsInt())));
            if (!result.matched()) {
                return broken(testCase, step, "exit status: " + result.message(), step.exit().get().spec(),
                        Integer.toString(status.getAsInt()));
            }
        }
        // A server that answered and then exited (after an error reply, say) has answered this step: whether its exit
        // is seen within this exchange or only after it is a matter of scheduling. It counts where CouchDB would meet
        // it: a later step finds no process, and between cases a new one is started (as CouchDB's pool would).
        return null;
    }

    /**
     * A missing reply: a hang, a crash, an exit, a flood or a dead pipe. Each is a wrong answer of the server; a hang
     * is marked so that the case runs once more before the verdict stands. Only a process that never replied at all,
     * not even within the start-up grace, leaves the kit nothing to judge: ERROR.
     */
    private Outcome failedToAnswer(Case testCase, Step step, Exchange exchange, JsonNode expected,
            StdioServer server) {
        if (exchange.outcome() == Exchange.Outcome.TIMEOUT && !server.hasReplied()) {
            Outcome outcome = new Outcome(Verdict.ERROR, "step " + step.index() + ": the server never answered: "
                    + exchange.describe() + " of its start");
            outcome.failedStep = step.index();
            outcome.expected = expected == null ? "a reply line" : expected.toString();
            outcome.actual = "(no reply)";
            return outcome;
        }
        String actual = exchange.reply().orElse(exchange.outcome() == Exchange.Outcome.TIMEOUT ? "(no reply)"
                : exchange.exitCode().isPresent() ? "(exited with status " + exchange.exitCode().getAsInt() + ")"
                        : "(no reply)");
        Outcome outcome = broken(testCase, step, exchange.describe(), expected == null ? null : expected, actual);
        if (expected == null) {
            outcome.expected = "a reply line";
        }
        outcome.timedOut = exchange.outcome() == Exchange.Outcome.TIMEOUT;
        return outcome;
    }

    /**
     * {@code message} with its "step N: " naming the step's command ("step 0 (the reset before the case): ..."): a
     * reader of a hundred failures sees at once that they are all the reset's.
     */
    private static String named(String message, Step step, String command) {
        String bare = "step " + step.index() + ": ";
        if (!message.startsWith(bare)) {
            return message;
        }
        String what = step.kind() == StepKind.RESET ? "the reset before the case" : command.isEmpty() ? "a line"
                : command.replace("'", "");
        return "step " + step.index() + " (" + what + "): " + message.substring(bare.length());
    }

    private static Outcome broken(Case testCase, Step step, String message, JsonNode expected, String actual) {
        Outcome outcome = new Outcome(Verdict.broken(testCase.level()), "step " + step.index() + ": " + message);
        outcome.failedStep = step.index();
        outcome.expected = expected == null ? "" : expected.toString();
        outcome.actual = actual;
        return outcome;
    }

    private static String at(MatchResult result) {
        String pointer = result.pointer() == null || result.pointer().isEmpty() ? "" : "at " + result.pointer() + ": ";
        return pointer + result.message();
    }

    /** The name a line's command goes by: the first element of its JSON array, quoted. */
    private static String commandOf(String line) {
        try {
            JsonNode message = WireJson.parse(line);
            return message.isArray() && message.size() > 0 && message.get(0).isTextual()
                    ? "'" + message.get(0).textValue() + "'" : "a line that is no command";
        } catch (MalformedLineException e) {
            return "a malformed line";
        }
    }

    private Duration timeoutOf(Step step) {
        OptionalLong millis = step.timeoutMillis();
        return millis.isPresent() ? Duration.ofMillis(millis.getAsLong()) : defaultTimeout;
    }

    /** What a case came to, before it is turned into a {@link CaseResult}. */
    private static final class Outcome {
        final Verdict verdict;
        String message;
        int failedStep = -1;
        String expected = "";
        String actual = "";
        /** A reply was due and none came in time: worth one more run before judging. */
        boolean timedOut;
        /** At least one reply line came during the attempt (for unresponsiveness). */
        boolean answered;
        /** The command of the step that broke, e.g. 'ddoc'. */
        String command = "";

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
