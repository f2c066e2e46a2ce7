package org.couchtck.kit.run;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.couchtck.kit.check.CaseResult;

/**
 * Where the engine hands its full case results. The JUnit Platform only carries pass/fail/skip and strings; a caller
 * in the same JVM that wants the results themselves (verdicts, transcripts) registers a sink and passes its id to the
 * engine as the configuration parameter {@value #PARAMETER}.
 */
public final class CaseResultSinks {

    /** The configuration parameter naming the sink. */
    public static final String PARAMETER = "couchtck.sink";

    private static final Map<String, Consumer<CaseResult>> SINKS = new ConcurrentHashMap<>();

    private CaseResultSinks() {}

    /** Registers {@code sink} until the returned registration is closed. */
    public static Registration register(Consumer<CaseResult> sink) {
        String id = UUID.randomUUID().toString();
        SINKS.put(id, sink);
        return new Registration(id);
    }

    static Optional<Consumer<CaseResult>> lookup(String id) {
        return Optional.ofNullable(SINKS.get(id));
    }

    /** A registered sink; closing it unregisters. */
    public record Registration(String id) implements AutoCloseable {
        @Override
        public void close() {
            SINKS.remove(id);
        }
    }
}
