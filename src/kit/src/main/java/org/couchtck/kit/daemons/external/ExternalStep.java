package org.couchtck.kit.daemons.external;

import java.util.Objects;

/** One step of an {@code _external} case: what the kit writes to the handler, and what it then expects. */
public sealed interface ExternalStep permits ExternalStep.Request, ExternalStep.Raw, ExternalStep.Close {

    /**
     * A request object CouchDB would write; the reply must be one CouchDB accepts (the case's level's rules).
     *
     * @param request the HTTP request the object is built from
     * @param afterBadLine the step follows a line CouchDB never writes: the handler may first reply to that line (one
     *     line more before the reply is read), or exit on its own instead of replying
     */
    record Request(ExternalRequest request, boolean afterBadLine) implements ExternalStep {
        public Request {
            Objects.requireNonNull(request, "request");
        }
    }

    /** A line written as it is, such as one CouchDB never writes; nothing is read after it. */
    record Raw(String line) implements ExternalStep {
        public Raw {
            Objects.requireNonNull(line, "line");
        }
    }

    /** The kit closes the handler's standard input; it must exit on its own within the run's exit bound. */
    record Close() implements ExternalStep {}
}
