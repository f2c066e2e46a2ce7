package org.couchtck.kit.endpoint.launch;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.couchtck.kit.endpoint.Credentials;
import org.couchtck.kit.endpoint.HttpEndpoint;
import org.couchtck.kit.endpoint.Outage;
import org.couchtck.kit.wire.Transcript;

/**
 * The watch of a server the kit did not start (a URL, a container): after a request failed at the connection it asks
 * {@code GET /}; when that goes unanswered too the server is away, and it is asked again every second until it answers
 * (someone restarted it) or {@link #wait} has passed, after which it is gone for good and the run's remaining cases are
 * not run. The kit cannot restart it, nor see its output.
 */
public final class UrlWatch extends OutageWatch implements AutoCloseable {

    private static final Duration PROBE_EVERY = Duration.ofSeconds(1);

    private final RootProbe prober;
    private final Duration wait;

    private UrlWatch(HttpEndpoint target, RootProbe prober, Duration wait) {
        super(target);
        this.prober = prober;
        this.wait = wait;
    }

    /** Watches {@code target} (it tells this watch of its failures from now on); {@code wait}: see the class. */
    public static UrlWatch of(HttpEndpoint target, Optional<Credentials> admin, Duration wait) {
        UrlWatch watch = new UrlWatch(target, new RootProbe(target.baseUri(), admin), wait);
        target.watchedBy(watch);
        return watch;
    }

    @Override
    Optional<Away> whyAway(IOException failure) {
        return prober.ask().map(why -> new Away("stopped answering (" + (failure == null ? "a request had no "
                + "response in time" : failure.getMessage()) + "; then GET / " + why + ")", ""));
    }

    @Override
    Optional<String> recover(Outage outage) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            Thread.sleep(PROBE_EVERY.toMillis());
            if (prober.ask().isEmpty()) {
                return Optional.empty();
            }
        }
        return Optional.of("it did not answer GET / again within " + wait.toMillis() + " ms of outage "
                + outage.number() + " (" + outage.what() + ")");
    }

    @Override
    public AutoCloseable showOutputTo(Transcript transcript) {
        return () -> { };
    }

    @Override
    public void close() {
        giveUp("the run ended");
        prober.close();
    }
}
