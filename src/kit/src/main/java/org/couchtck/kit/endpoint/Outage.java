package org.couchtck.kit.endpoint;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * One time the endpoint went away during a run: it exited, stopped answering, or refused connections.
 *
 * @param number 1 for the run's first outage, and so on
 * @param at when the kit saw it
 * @param what what happened, e.g. "exited with status 1", "stopped answering (GET / had no reply within 10000 ms)"
 * @param stderrTail the last lines a process the kit started wrote to standard error before it ended; empty otherwise
 * @param inFlight the requests it had been sent and had not answered in full
 */
public record Outage(int number, Instant at, String what, String stderrTail, List<InFlight> inFlight) {

    public Outage {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(what, "what");
        stderrTail = stderrTail == null ? "" : stderrTail;
        inFlight = List.copyOf(inFlight);
    }

    /** The cases that had a request in flight, sorted. */
    public Set<String> suspects() {
        Set<String> owners = new TreeSet<>();
        inFlight.forEach(request -> request.owner().ifPresent(owners::add));
        return owners;
    }

    /** The requests of case {@code caseId} that were in flight. */
    public List<InFlight> inFlightOf(String caseId) {
        return inFlight.stream().filter(request -> request.owner().filter(caseId::equals).isPresent()).toList();
    }

    /** The last {@code lines} lines of {@link #stderrTail()}. */
    public String lastStderrLines(int lines) {
        String[] all = stderrTail.strip().split("\\R");
        int from = Math.max(0, all.length - lines);
        return String.join("\n", java.util.Arrays.copyOfRange(all, from, all.length)).strip();
    }
}
