package org.couchtck.kit.daemons.external;

import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * The handler process the kit writes to, as couch_external_server keeps one: started on first use and reused for
 * every request, a new one after an exit or for a case that needs a fresh one. Several cases in a row without any
 * reply make the handler unresponsive, so that a dead handler costs seconds, not cases × timeout.
 */
final class HandlerProcesses implements AutoCloseable {

    /** Cases in a row that got no reply at all before the handler is declared unresponsive. */
    static final int UNRESPONSIVE_AFTER = 3;

    private final ServerCommand command;
    private final StdioServerOptions options;
    private StdioServer current;
    private int silentCases;

    HandlerProcesses(ServerCommand command, StdioServerOptions options) {
        this.command = command;
        this.options = options;
    }

    /**
     * A running handler for the next case, recording into {@code transcript}.
     *
     * @param fresh whether the case needs a process nobody used before
     * @throws TargetStartException when no process could be started
     */
    StdioServer handlerFor(boolean fresh, Transcript transcript) throws TargetStartException {
        if (current != null && (fresh || !current.isAlive())) {
            discard();
        }
        if (current == null) {
            StdioServer started = new StdioServer(command, options);
            started.setTranscript(transcript);
            try {
                started.start();
            } catch (TargetStartException e) {
                started.close();
                throw e;
            }
            current = started;
        } else {
            current.setTranscript(transcript);
            transcript.add(Direction.EVENT, "the handler that served the cases before"
                    + current.pid().stream().mapToObj(pid -> " (" + pid + ")").findFirst().orElse(""));
        }
        return current;
    }

    /** Whether a process was started for an earlier case and has not been stopped. */
    boolean hasHandler() {
        return current != null;
    }

    /** Stops the current process, if any; the next case gets a new one. */
    void discard() {
        if (current != null) {
            current.close();
            current = null;
        }
    }

    /** Records whether any reply came during the case that just ended. */
    void caseEnded(boolean answered) {
        silentCases = answered ? 0 : silentCases + 1;
    }

    /** Whether several cases in a row got no reply at all. */
    boolean unresponsive() {
        return silentCases >= UNRESPONSIVE_AFTER;
    }

    /** The command the handlers run. */
    ServerCommand command() {
        return command;
    }

    @Override
    public void close() {
        discard();
    }
}
