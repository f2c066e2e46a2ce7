package org.couchtck.kit.queryserver;

import java.time.Duration;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Transcript;

/** The target as the generated suites see it: a supervised process for each example, and the message timeout. */
final class SessionTarget {

    private final ServerSupervisor supervisor;
    private final Duration timeout;

    SessionTarget(ServerSupervisor supervisor, Duration timeout) {
        this.supervisor = supervisor;
        this.timeout = timeout;
    }

    /**
     * A running server for the next example, reset if it served one before. A new process first gets the reset
     * CouchDB sends on every checkout, so that its start-up grace is spent there and not on an example's first line
     * (which may be one a server rightly never answers).
     */
    StdioServer server(Transcript transcript) {
        try {
            return supervisor.answeringServer(transcript);
        } catch (TargetStartException e) {
            throw new TargetUnavailableException(e.getMessage(), e);
        }
    }

    Duration timeout() {
        return timeout;
    }

    /** The command line that starts the target, for reproducers. */
    String commandLine() {
        return supervisor.command().display();
    }
}
