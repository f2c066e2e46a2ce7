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
 * @param causes the cases that made it go away: one when it is known which (it went away again while that case ran
 *     alone, or that one was the only such case in flight), several when more than one case that made it go away
 *     alone was in flight, none when no case was found to
 * @param finding how the causes were found, or why none was
 */
public record EndpointOutage(int number, Instant at, String what, String lastWords, List<String> inFlight,
        List<String> causes, String finding) {

    public EndpointOutage {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(what, "what");
        lastWords = lastWords == null ? "" : lastWords;
        inFlight = List.copyOf(inFlight);
        causes = List.copyOf(causes);
        finding = finding == null ? "" : finding;
    }

    /** The case that made it go away, when it is known which; else empty. */
    public String cause() {
        return causes.size() == 1 ? causes.get(0) : "";
    }
}
