package org.couchtck.kit.run;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.report.EndpointOutage;

/**
 * Where the engine hands its full case results, and the outages of the HTTP suite's endpoint and what it found the
 * endpoint to be. The JUnit Platform only
 * carries pass/fail/skip and strings; a caller in the same JVM that wants the results themselves (verdicts,
 * transcripts) registers a sink and passes its id to the engine as the configuration parameter {@value #PARAMETER}.
 */
public final class CaseResultSinks {

    /** The configuration parameter naming the sink. */
    public static final String PARAMETER = "couchtck.sink";

    private static final Map<String, Consumer<CaseResult>> SINKS = new ConcurrentHashMap<>();
    private static final Map<String, Consumer<EndpointOutage>> OUTAGES = new ConcurrentHashMap<>();
    private static final Map<String, Consumer<String>> SHAPES = new ConcurrentHashMap<>();

    private CaseResultSinks() {}

    /** Registers {@code sink} until the returned registration is closed. */
    public static Registration register(Consumer<CaseResult> sink) {
        return register(sink, outage -> { });
    }

    /** Registers {@code sink}, and {@code outages} for the endpoint's outages, until the registration is closed. */
    public static Registration register(Consumer<CaseResult> sink, Consumer<EndpointOutage> outages) {
        return register(sink, outages, shape -> { });
    }

    /**
     * Registers {@code sink}, {@code outages} for the endpoint's outages and {@code shapes} for what the endpoint is
     * ("cluster of 3 nodes, n = 3, q = 2"), until the registration is closed.
     */
    public static Registration register(Consumer<CaseResult> sink, Consumer<EndpointOutage> outages,
            Consumer<String> shapes) {
        String id = UUID.randomUUID().toString();
        SINKS.put(id, sink);
        OUTAGES.put(id, outages);
        SHAPES.put(id, shapes);
        return new Registration(id);
    }

    static Optional<Consumer<CaseResult>> lookup(String id) {
        return Optional.ofNullable(SINKS.get(id));
    }

    static Optional<Consumer<EndpointOutage>> lookupOutages(String id) {
        return Optional.ofNullable(OUTAGES.get(id));
    }

    static Optional<Consumer<String>> lookupShapes(String id) {
        return Optional.ofNullable(SHAPES.get(id));
    }

    /** A registered sink; closing it unregisters. */
    public record Registration(String id) implements AutoCloseable {
        @Override
        public void close() {
            SINKS.remove(id);
            OUTAGES.remove(id);
            SHAPES.remove(id);
        }
    }
}
