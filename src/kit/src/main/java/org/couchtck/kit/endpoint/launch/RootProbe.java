package org.couchtck.kit.endpoint.launch;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.couchtck.kit.endpoint.Credentials;
import org.couchtck.kit.endpoint.HttpEndpoint;

/**
 * Asks an endpoint {@code GET /} on connections of its own, apart from the cases' (whose pool may hold the very
 * connections that failed): whether the server is there at all, for a watch deciding an outage or a launch waiting
 * for readiness.
 */
final class RootProbe implements AutoCloseable {

    private static final Duration BOUND = Duration.ofSeconds(10);

    private final HttpEndpoint prober;

    RootProbe(URI uri, Optional<Credentials> admin) {
        this.prober = admin.isPresent() ? HttpEndpoint.of(uri, admin.get(), BOUND) : HttpEndpoint.of(uri, BOUND);
    }

    /** Asks {@code GET /} once: empty when an answer came, whatever its status; else why not. */
    Optional<String> ask() {
        try {
            prober.send(prober.adminCall("GET", "/", BOUND));
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }

    @Override
    public void close() {
        prober.close();
    }
}
