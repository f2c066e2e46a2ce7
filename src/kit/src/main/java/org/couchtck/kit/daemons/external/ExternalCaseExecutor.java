package org.couchtck.kit.daemons.external;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.daemons.external.RequestObjects.RequestObject;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.ServerOutput;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;

/**
 * Runs one {@code _external} case against a handler and judges it, step by step, as couch_external_server and
 * couch_os_process would treat the handler: a request object is written, log lines before the reply are skipped, and
 * the reply must come within the timeout ({@code os_process_timeout}) and be one CouchDB accepts ({@link ReplyRules}
 * of the case's level). A handler that hangs, exits or floods where a reply was due has answered wrongly: FAIL or WARN
 * by the case's level. ERROR only when no handler could be started.
 */
public final class ExternalCaseExecutor {

    private static final SecureRandom UUIDS = new SecureRandom();

    private final HandlerProcesses handlers;
    private final Duration timeout;
    private final Duration exitWithin;

    /**
     * @param timeout how long a reply may take (CouchDB's os_process_timeout)
     * @param exitWithin how long the handler may take to exit once its input is closed
     */
    ExternalCaseExecutor(HandlerProcesses handlers, Duration timeout, Duration exitWithin) {
        this.handlers = handlers;
        this.timeout = timeout;
        this.exitWithin = exitWithin;
    }

    /**
     * Runs {@code testCase}. Never throws for what the handler does. A reply that did not come from a process earlier
     * cases used is judged only after the case ran once more in a new process: a handler that exits after each request
     * fails the case that shows it (a session of several requests), not whichever case came next.
     */
    public CaseResult run(ExternalCase testCase) {
        Instant started = Instant.now();
        Transcript transcript = new Transcript();
        if (handlers.unresponsive()) {
            return result(testCase, Verdict.ERROR, "not run: the handler stopped answering earlier in this run", "",
                    -1, transcript, started);
        }
        boolean fresh = testCase.fresh() || testCase.spoilsProcess();
        Attempt attempt = attempt(testCase, fresh, transcript);
        if (attempt.noReply() && attempt.reused()) {
            transcript.add(Direction.EVENT, "no reply from the process earlier cases used; running the case once more "
                    + "in a new process before judging");
            Attempt again = attempt(testCase, true, transcript);
            attempt = again.broken().isEmpty() ? again : new Attempt(again.broken(), again.failedStep(),
                    again.noReply(), false, again.error());
        }
        if (attempt.error().isPresent()) {
            return result(testCase, Verdict.ERROR, attempt.error().get(), "", -1, transcript, started);
        }
        if (attempt.broken().isPresent()) {
            Broken broken = attempt.broken().get();
            return result(testCase, Verdict.broken(testCase.level()), "step " + attempt.failedStep() + ": "
                    + broken.message(), broken.actual(), attempt.failedStep(), transcript, started);
        }
        return result(testCase, Verdict.PASS, "", "", -1, transcript, started);
    }

    /**
     * One run of a case's steps.
     *
     * @param broken the first broken step's failure, if any
     * @param failedStep its index, or -1
     * @param noReply whether it broke for want of a reply
     * @param reused whether the process had served earlier cases
     * @param error why no handler could be had, if none could
     */
    private record Attempt(Optional<Broken> broken, int failedStep, boolean noReply, boolean reused,
            Optional<String> error) {}

    private Attempt attempt(ExternalCase testCase, boolean fresh, Transcript transcript) {
        StdioServer handler;
        boolean reused;
        try {
            reused = handlers.hasHandler() && !fresh;
            handler = handlers.handlerFor(fresh, transcript);
            reused &= handler.hasReplied();
        } catch (TargetStartException e) {
            transcript.add(Direction.EVENT, e.getMessage());
            handlers.caseEnded(false);
            return new Attempt(Optional.empty(), -1, false, false, Optional.of(e.getMessage()));
        }
        boolean answered = false;
        try {
            for (int i = 0; i < testCase.steps().size(); i++) {
                ExternalStep step = testCase.steps().get(i);
                Optional<Broken> broken;
                boolean noReply = false;
                if (step instanceof ExternalStep.Request request) {
                    Exchange exchange = handler.exchange(requestLine(request.request()), timeout);
                    answered |= exchange.outcome() == Exchange.Outcome.REPLY;
                    noReply = exchange.outcome() != Exchange.Outcome.REPLY;
                    broken = request.afterBadLine() ? afterBadLine(handler, exchange, testCase.level())
                            : judgeReply(exchange, testCase.level());
                } else if (step instanceof ExternalStep.Raw raw) {
                    handler.send(raw.line(), timeout);
                    broken = Optional.empty();
                } else {
                    Exchange end = handler.closeInput(exitWithin);
                    broken = end.exitCode().isPresent() && !handler.killedByKit() ? Optional.empty()
                            : Optional.of(new Broken(end.describe() + "; the kit killed it and its descendants", ""));
                }
                if (broken.isPresent()) {
                    return new Attempt(broken, i, noReply, reused && i == 0, Optional.empty());
                }
            }
            return new Attempt(Optional.empty(), -1, false, reused, Optional.empty());
        } finally {
            handlers.caseEnded(answered || testCase.steps().stream().noneMatch(s -> s instanceof ExternalStep.Request));
            if (testCase.spoilsProcess()) {
                handlers.discard();
            }
        }
    }

    /** A step's failure: why, and the reply line when there was one. */
    private record Broken(String message, String actual) {}

    /** The request object for {@code request} with a fresh uuid, as the line CouchDB writes. */
    static String requestLine(ExternalRequest request) {
        byte[] uuid = new byte[16];
        UUIDS.nextBytes(uuid);
        RequestObject object = RequestObjects.build(request, HexFormat.of().formatHex(uuid));
        return object.line();
    }

    private static Optional<Broken> judgeReply(Exchange exchange, Level level) {
        if (exchange.outcome() != Exchange.Outcome.REPLY) {
            String couchdb = exchange.outcome() == Exchange.Outcome.TIMEOUT
                    ? " (CouchDB fails the request: os_process_error \"OS process timed out.\", HTTP 500)"
                    : " (CouchDB fails the request with the handler's exit, HTTP 500)";
            return Optional.of(new Broken("no reply: " + exchange.describe() + couchdb, ""));
        }
        String reply = exchange.reply().orElseThrow();
        List<ReplyRules.Problem> problems = ReplyRules.atLevel(ReplyRules.check(reply), level);
        if (problems.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Broken(problems.get(0).message()
                + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""), reply));
    }

    /**
     * After a line CouchDB never writes: a reply CouchDB accepts (possibly after one reply to that line), or an exit
     * of the handler's own, both do; silence until the timeout does not.
     */
    private Optional<Broken> afterBadLine(StdioServer handler, Exchange exchange, Level level) {
        if (exchange.outcome() == Exchange.Outcome.REPLY) {
            if (judgeReply(exchange, level).isEmpty()) {
                return Optional.empty();
            }
            // That may have been the reply to the bad line: the next line is the request's.
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                ServerOutput next = handler.receive(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
                if (next instanceof ServerOutput.Received received && received.line().terminated()) {
                    String line = received.line().text();
                    if (WireJson.logMessage(line).isPresent()) {
                        continue;
                    }
                    List<ReplyRules.Problem> problems = ReplyRules.atLevel(ReplyRules.check(line), level);
                    return problems.isEmpty() ? Optional.empty()
                            : Optional.of(new Broken("after a line CouchDB never writes, neither reply is one "
                                    + "CouchDB accepts: " + problems.get(0).message(), line));
                }
                if (next instanceof ServerOutput.Ended) {
                    return handler.awaitExit(exitWithin).isPresent() ? Optional.empty()
                            : Optional.of(new Broken("after a line CouchDB never writes, the handler closed its "
                                    + "output without a reply CouchDB accepts and without exiting", ""));
                }
                if (System.nanoTime() - deadline >= 0) {
                    return Optional.of(new Broken("after a line CouchDB never writes, no reply CouchDB accepts "
                            + "came within " + timeout.toMillis() + " ms: " + judgeReply(exchange, level)
                                    .map(Broken::message).orElse(""), exchange.reply().orElse("")));
                }
            }
        }
        if (exchange.exitCode().isPresent() && !handler.killedByKit()) {
            return Optional.empty();
        }
        return Optional.of(new Broken("after a line CouchDB never writes, the handler neither answered the next "
                + "request nor exited: " + exchange.describe(), ""));
    }

    private static CaseResult result(ExternalCase c, Verdict verdict, String message, String actual, int failedStep,
            Transcript transcript, Instant started) {
        return new CaseResult(c.id(), c.section(), c.level(), c.description(), c.spec(), verdict, message,
                failedStep < 0 ? "" : "a reply CouchDB accepts", actual, failedStep, transcript.entries(),
                OptionalLong.empty(), Duration.between(started, Instant.now()), "");
    }
}
