package org.couchtck.kit.queryserver;

import com.fasterxml.jackson.databind.JsonNode;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * Hands out a server process for each case, as CouchDB's process pool does: one process serves many cases with a
 * reset in between; a case that asks for a fresh process, or one that follows an exit or crash, gets a new one.
 *
 * <p>Once a run has needed a second process, the supervisor keeps one spare started ahead of time, so that a server
 * that is slow to boot (a JVM, an interpreter loading its runtime) boots while the previous case runs. A spare has
 * received nothing, so it is as fresh as a process started on demand.
 */
public final class ServerSupervisor implements AutoCloseable {

    /** Cases in a row that could not get an answering server before the target is declared unresponsive. */
    static final int UNRESPONSIVE_AFTER = 3;

    private final ServerCommand command;
    private final StdioServerOptions options;
    private final StepRenderer renderer;
    private StdioServer current;
    private StdioServer spare;
    private boolean used;
    /** Whether the server handed out last is a used process that has just answered the checkout reset. */
    private boolean checkedOut;
    private int consecutiveDeadCases;
    private int starts;

    public ServerSupervisor(ServerCommand command, StdioServerOptions options, StepRenderer renderer) {
        this.command = command;
        this.options = options;
        this.renderer = renderer;
    }

    /**
     * A running server for the next case, with its output going to {@code transcript}.
     *
     * @param fresh whether the case needs a process nobody used before
     * @throws TargetStartException when no process could be started
     */
    public StdioServer serverFor(boolean fresh, Transcript transcript) throws TargetStartException {
        checkedOut = false;
        if (current != null && (fresh || !current.isAlive())) {
            stopCurrent();
        }
        if (current != null && used) {
            current.setTranscript(transcript);
            if (resetBetweenCases(transcript)) {
                checkedOut = true;
                return current;
            }
            transcript.add(Direction.EVENT, "server did not accept the reset between cases; starting a new process");
            stopCurrent();
        }
        current = freshProcess(transcript);
        used = true;
        return current;
    }

    /**
     * {@link #serverFor(boolean, Transcript) serverFor(false, ...)}, with a new process first sent the checkout reset.
     *
     * @throws TargetStartException when no process could be started, or it did not answer that reset
     */
    public StdioServer answeringServer(Transcript transcript) throws TargetStartException {
        StdioServer server = serverFor(false, transcript);
        if (!server.hasReplied()) {
            transcript.add(Direction.EVENT, "a new process: the checkout reset first");
            Exchange exchange = server.exchange(renderer.resetLine(), options.defaultTimeout());
            if (exchange.outcome() != Exchange.Outcome.REPLY) {
                stopCurrent();
                throw new TargetStartException("the server did not answer its first reset: " + exchange.describe(), null);
            }
        }
        return server;
    }

    /**
     * Whether the server handed out by the last {@link #serverFor} call is a process used before that has just
     * answered the checkout reset ({@link StepRenderer#resetLine()}) with {@code true}. A case whose first step is
     * that very reset counts it as its own: CouchDB sends one reset per checkout, not two.
     */
    public boolean sentCheckoutReset() {
        return checkedOut;
    }

    private StdioServer freshProcess(Transcript transcript) throws TargetStartException {
        StdioServer server;
        if (spare != null && spare.isAlive()) {
            server = spare;
            spare = null;
            server.setTranscript(transcript);
            transcript.add(Direction.EVENT, "using a process started ahead of time"
                    + server.pid().stream().mapToObj(pid -> " (" + pid + ")").findFirst().orElse(""));
        } else {
            stopSpare();
            server = new StdioServer(command, options);
            server.setTranscript(transcript);
            server.start();
        }
        starts++;
        if (starts > 1) {
            startSpare();
        }
        return server;
    }

    private void startSpare() {
        StdioServer next = new StdioServer(command, options);
        try {
            next.start();
            spare = next;
        } catch (TargetStartException e) {
            // The next case that needs a process starts one itself and reports the failure there.
            next.close();
        }
    }

    private boolean resetBetweenCases(Transcript transcript) {
        String line = renderer.resetLine();
        transcript.add(Direction.EVENT, "reset between cases");
        Exchange exchange = current.exchange(line, options.defaultTimeout());
        return exchange.replyJson().map(JsonNode::isBoolean).orElse(false)
                && exchange.replyJson().get().booleanValue();
    }

    /**
     * Records how the last case went, for unresponsiveness detection: whether any reply line came during it. A server
     * that answers and then exits (say on a command it does not support) has answered; one that is silent until it
     * is killed, or that exits before its first reply, has not.
     */
    void caseEnded(boolean serverAnswered) {
        consecutiveDeadCases = serverAnswered ? 0 : consecutiveDeadCases + 1;
    }

    /**
     * Whether several cases in a row got no reply line at all, from live processes that stayed silent or from
     * processes that never came up: the rest are not worth their timeouts.
     */
    public boolean unresponsive() {
        return consecutiveDeadCases >= UNRESPONSIVE_AFTER;
    }

    /** How many processes were handed to cases so far (a spare counts once it is handed out). */
    public int starts() {
        return starts;
    }

    /** The command this supervisor starts. */
    public ServerCommand command() {
        return command;
    }

    private void stopCurrent() {
        if (current != null) {
            current.close();
            current = null;
        }
    }

    private void stopSpare() {
        if (spare != null) {
            spare.close();
            spare = null;
        }
    }

    @Override
    public void close() {
        stopCurrent();
        stopSpare();
    }
}
