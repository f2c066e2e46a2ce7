package org.couchtck.kit.endpoint;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The requests of one {@link HttpEndpoint} that went out and have not been answered in full, and those that failed a
 * moment ago: what the server may have been working on when it went down.
 */
final class InFlightRequests {

    /** How many recent failures are kept: more than the cases that run at once, each with a request or two. */
    private static final int RECENT = 256;

    private final Map<HttpExchange, InFlight> sent = new ConcurrentHashMap<>();
    /** Requests that failed after they went out, with when. */
    private final Deque<Failed> recent = new ArrayDeque<>();

    private record Failed(InFlight request, Instant at) {}

    /** {@code exchange}'s request head went out. */
    void sent(HttpExchange exchange, InFlight request) {
        sent.put(exchange, request);
    }

    /** {@code exchange} was answered in full, or the kit ended it. */
    void ended(HttpExchange exchange) {
        sent.remove(exchange);
    }

    /** {@code exchange}, sent, failed at the connection now. */
    void failed(HttpExchange exchange) {
        InFlight request = sent.remove(exchange);
        if (request == null) {
            return;
        }
        synchronized (recent) {
            recent.addLast(new Failed(request, Instant.now()));
            if (recent.size() > RECENT) {
                recent.removeFirst();
            }
        }
    }

    /**
     * The requests sent before {@code before} that are still in flight, or failed within {@code window} before it:
     * those the server had, or may have had, when it went away at {@code before}.
     */
    List<InFlight> at(Instant before, Duration window) {
        List<InFlight> found = new ArrayList<>();
        sent.values().stream().filter(request -> request.sentAt().isBefore(before)).forEach(found::add);
        Instant since = before.minus(window);
        synchronized (recent) {
            recent.stream().filter(f -> f.request().sentAt().isBefore(before) && !f.at().isBefore(since))
                    .forEach(f -> found.add(f.request()));
        }
        found.sort((a, b) -> a.sentAt().compareTo(b.sentAt()));
        return found;
    }
}
