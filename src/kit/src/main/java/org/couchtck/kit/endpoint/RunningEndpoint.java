package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.couchtck.kit.endpoint.externals.ExternalsSetup;
import org.couchtck.kit.endpoint.launch.LaunchedEndpoint;
import org.couchtck.kit.endpoint.launch.UrlWatch;
import org.couchtck.reference.log.CouchLog;
import org.couchtck.reference.endpoint.ReferenceEndpoint;

/**
 * An endpoint for one run: the target the HTTP cases talk to, the watch that sees it go away and come back, what the
 * Externals API cases find around it, and whatever it took to have them (an embedded server, a container, a launched
 * process, the kit's backend), released by {@link #close()}. {@link #start} is the one place that decides, for each
 * kind of {@link EndpointSpec}, how the endpoint is had and watched; the Externals API is set up after that, the same
 * way for every kind.
 */
public final class RunningEndpoint implements AutoCloseable {

    /** Why a container the kit starts has nothing of the Externals API. */
    static final String CONTAINER_HAS_NO_EXTERNALS = "a container the kit starts has none of the kit's handlers "
            + "configured (CouchDB 3.0 removed the proxy, OS daemons and _external handlers)";
    /** Why a run whose cases need nothing of the Externals API has none of it set up. */
    static final String NOT_WANTED = "no case of the run needs it, so the kit set none of it up";
    /** The reference's log (its OS daemons' lines among it) would only fill the kit's console; the cases judge. */
    private static final CouchLog QUIET = (level, message) -> { };
    /** How long a server the kit did not start may stay away before the run's remaining cases are not run. */
    static final Duration URL_WAIT = Duration.ofSeconds(60);

    /** Containers a caller started and lent ({@link #lend()}), by their {@code docker:IMAGE}. */
    private static final Map<String, Had> LENT = new ConcurrentHashMap<>();

    private final EndpointSpec spec;
    private final Had had;
    private final ExternalsSetup externals;

    /**
     * An endpoint had: the client of it, its watch, its name for reports, what to release at the end, and how the
     * Externals API is set up around it.
     */
    private record Had(HttpEndpoint target, EndpointWatch watch, String description, AutoCloseable owned,
            Function<Duration, ExternalsSetup> externals) {}

    private RunningEndpoint(EndpointSpec spec, Had had, ExternalsSetup externals) {
        this.spec = spec;
        this.had = had;
        this.externals = externals;
    }

    /** {@link #start(EndpointSpec, Duration, Duration, boolean)} without the Externals API, 30 s to start. */
    public static RunningEndpoint start(EndpointSpec spec, Duration connectTimeout) {
        return start(spec, connectTimeout, Duration.ofSeconds(30), false);
    }

    /**
     * Has the endpoint {@code spec} names, with what the Externals API cases need around it when {@code externals}:
     * for the reference, the kit's backend and its handlers and daemons in the reference's ini; for any other, what
     * its configuration has and the backend where it says. Without, nothing of that is set up (no backend, no
     * daemon's process) and the Externals API cases are NA.
     *
     * @param connectTimeout the bound on connecting to it
     * @param startTimeout how long a launched endpoint may take to answer {@code GET /}
     * @throws EndpointStartException with a one-line reason when it cannot be had
     */
    public static RunningEndpoint start(EndpointSpec spec, Duration connectTimeout, Duration startTimeout,
            boolean externals) {
        Had had = have(spec, connectTimeout, startTimeout);
        ExternalsSetup around = ExternalsSetup.none(NOT_WANTED);
        if (externals) {
            try {
                around = had.externals().apply(connectTimeout.multipliedBy(2));
            } catch (RuntimeException e) {
                close(had);
                throw e;
            }
        }
        return new RunningEndpoint(spec, had, around);
    }

    private static Had have(EndpointSpec spec, Duration connectTimeout, Duration startTimeout) {
        if (spec instanceof EndpointSpec.Reference) {
            return reference(spec, connectTimeout);
        }
        if (spec instanceof EndpointSpec.Url url) {
            HttpEndpoint target = url.admin().isPresent() ? HttpEndpoint.of(url.uri(), url.admin().get(),
                    connectTimeout) : HttpEndpoint.of(url.uri(), connectTimeout);
            UrlWatch watch = UrlWatch.of(target, url.admin(), URL_WAIT);
            return new Had(target, watch, spec.describe(), watch, timeout -> probed(target, timeout));
        }
        if (spec instanceof EndpointSpec.Command command) {
            LaunchedEndpoint launched = LaunchedEndpoint.start(command, connectTimeout, startTimeout);
            return new Had(launched.target(), launched.watch(), launched.description(), launched,
                    timeout -> probed(launched.target(), timeout));
        }
        EndpointSpec.Docker docker = (EndpointSpec.Docker) spec;
        Had lent = LENT.get(docker.describe());
        if (lent != null) {
            HttpEndpoint target = HttpEndpoint.of(lent.target().baseUri(), lent.target().adminCredentials()
                    .orElseThrow(), connectTimeout);
            return new Had(target, lent.watch(), lent.description(), () -> { }, lent.externals());
        }
        CouchDbContainer container = CouchDbContainer.start(docker.image());
        HttpEndpoint target = HttpEndpoint.of(container.uri(), container.admin(), connectTimeout);
        UrlWatch watch = UrlWatch.of(target, java.util.Optional.of(container.admin()), URL_WAIT);
        return new Had(target, watch, spec.describe() + " " + container.uri(), () -> {
            watch.close();
            container.close();
        }, timeout -> ExternalsSetup.none(CONTAINER_HAS_NO_EXTERNALS));
    }

    /**
     * The reference endpoint in this JVM, reading an ini file of the kit's own (empty until the Externals API is set
     * up in it) from a folder the run deletes at its end.
     */
    private static Had reference(EndpointSpec spec, Duration connectTimeout) {
        Path folder;
        Path ini;
        try {
            folder = Files.createTempDirectory("couchtck-reference-");
            ini = Files.createFile(folder.resolve("couchtck-externals.ini"));
        } catch (IOException e) {
            throw new EndpointStartException("cannot write the reference endpoint's ini file: " + e.getMessage(), e);
        }
        ReferenceEndpoint reference = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults().withLog(QUIET)
                .withIniFiles(List.of(ini)));
        Credentials admin = new Credentials(reference.admin().name(), reference.admin().password());
        return new Had(HttpEndpoint.of(reference.uri(), admin, connectTimeout), EndpointWatch.NONE,
                spec.describe() + " " + reference.uri(), () -> {
                    reference.close();
                    Files.deleteIfExists(ini);
                    Files.deleteIfExists(folder);
                }, timeout -> {
                    try {
                        ExternalsSetup setup = ExternalsSetup.intoIni(ini, timeout);
                        setup.onIniChange(reference::reloadIniFiles);
                        reference.reloadIniFiles();
                        return setup;
                    } catch (IOException | IllegalStateException e) {
                        return ExternalsSetup.none("the kit could not set up its backend and ini: " + e.getMessage());
                    }
                });
    }

    /** What a running server the kit did not configure has of the Externals API. */
    private static ExternalsSetup probed(HttpEndpoint endpoint, Duration timeout) {
        try {
            return ExternalsSetup.forRunningEndpoint(endpoint, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExternalsSetup.none("the kit was interrupted while it read the endpoint's configuration");
        }
    }

    public HttpEndpoint target() {
        return had.target();
    }

    /** What the run knows of the endpoint's outages, and its output. */
    public EndpointWatch watch() {
        return had.watch();
    }

    /** What the Externals API cases find around the endpoint. */
    public Externals externals() {
        return externals.externals();
    }

    /** What the endpoint is, for reports: the spec and where it listens. */
    public String description() {
        return had.description();
    }

    /**
     * Lends this endpoint, a container the caller started (and found usable) once, to every {@link #start} of the same
     * {@code docker:IMAGE} in this JVM until the returned handle is closed: the run's cases use that container, and the
     * run stays named by its {@code docker:IMAGE}, not by the port Docker gave it. Other endpoints need no lending (a
     * URL is the same server each time) and lend nothing.
     */
    public Loan lend() {
        if (!(spec instanceof EndpointSpec.Docker)) {
            return () -> { };
        }
        String key = spec.describe();
        if (LENT.putIfAbsent(key, had) != null) {
            throw new IllegalStateException(key + " is lent already");
        }
        return () -> LENT.remove(key, had);
    }

    /** A container lent to the runs of this JVM until it is closed. */
    public interface Loan extends AutoCloseable {
        /** Ends the loan; the container stays up until its owner closes it. */
        @Override
        void close();
    }

    @Override
    public void close() {
        externals.close();
        close(had);
    }

    private static void close(Had had) {
        had.target().close();
        try {
            had.owned().close();
        } catch (Exception e) {
            // the run is over; a server that will not stop cleanly is not the kit's verdict to give
        }
    }
}
