package org.couchtck.kit.report;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One time the HTTP suite's endpoint went away during a run, and what the run found of its cause.
 *
 * @param number 1 for the run's first outage, and so on
 * @param at when the kit saw it
 * @param what what happened: "exited with status 1", "stopped answering (...)"
 * @param lastWords the last lines the endpoint wrote to standard error before it ended (a launched one); else empty
 * @param inFlight the requests it had been sent and had not answered, each as "case id: METHOD path"
 * @param cause the case whose request made it go away (it did so again when it ran alone), or empty when none did
 * @param finding how the cause was found, or why none was: "it went away again when this case ran alone", ...
 */
public record EndpointOutage(int number, Instant at, String what, String lastWords, List<String> inFlight,
        String cause, String finding) {

    public EndpointOutage {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(what, "what");
        lastWords = lastWords == null ? "" : lastWords;
        inFlight = List.copyOf(inFlight);
        cause = cause == null ? "" : cause;
        finding = finding == null ? "" : finding;
    }
}
