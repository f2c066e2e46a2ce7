package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.couchtck.kit.endpoint.externals.ExternalsSetup;
import org.couchtck.reference.log.CouchLog;
import org.couchtck.reference.endpoint.ReferenceEndpoint;

/**
 * An endpoint for one run: the target the HTTP cases talk to, what the Externals API cases find around it, and
 * whatever it took to have them (an embedded server, a container, the kit's backend), released by {@link #close()}.
 */
public final class RunningEndpoint implements AutoCloseable {

    /** Why a container the kit starts has nothing of the Externals API. */
    static final String CONTAINER_HAS_NO_EXTERNALS = "a container the kit starts has none of the kit's handlers "
            + "configured (CouchDB 3.0 removed the proxy, OS daemons and _external handlers)";

    private final HttpEndpoint target;
    private final String description;
    private final AutoCloseable owned;
    private final ExternalsSetup externals;
    /** Why a run whose cases need nothing of the Externals API has none of it set up. */
    static final String NOT_WANTED = "no case of the run needs it, so the kit set none of it up";
    /** The reference's log (its OS daemons' lines among it) would only fill the kit's console; the cases judge. */
    private static final CouchLog QUIET = (level, message) -> { };

    private RunningEndpoint(HttpEndpoint target, String description, AutoCloseable owned, ExternalsSetup externals) {
        this.target = target;
        this.description = description;
        this.owned = owned;
        this.externals = externals;
    }

    /**
     * Makes the endpoint {@code spec} names available.
     *
     * @throws EndpointStartException with a one-line reason when it cannot be had (no Docker engine, the image did not
     *     start)
     */
    public static RunningEndpoint start(EndpointSpec spec, Duration connectTimeout) {
        return start(spec, connectTimeout, false);
    }

    /**
     * Makes the endpoint {@code spec} names available, with what the Externals API cases need around it when
     * {@code externals}: for the reference, the kit's backend and the ini that configures its handlers and daemons;
     * for a running server, what its configuration has and the backend where it says. Without, nothing of that is
     * set up (no backend, no daemon's process) and the Externals API cases are NA.
     *
     * @throws EndpointStartException with a one-line reason when it cannot be had
     */
    public static RunningEndpoint start(EndpointSpec spec, Duration connectTimeout, boolean externals) {
        if (spec instanceof EndpointSpec.Reference) {
            ExternalsSetup around = ExternalsSetup.none(NOT_WANTED);
            if (externals) {
                try {
                    around = ExternalsSetup.forStartedEndpoint(connectTimeout.multipliedBy(2));
                } catch (IOException | IllegalStateException e) {
                    around = ExternalsSetup.none("the kit could not set up its backend and ini: " + e.getMessage());
                }
            }
            return reference(spec, connectTimeout, around);
        }
        if (spec instanceof EndpointSpec.Url url) {
            HttpEndpoint endpoint = url.admin().isPresent()
                    ? HttpEndpoint.of(url.uri(), url.admin().get(), connectTimeout)
                    : HttpEndpoint.of(url.uri(), connectTimeout);
            return new RunningEndpoint(endpoint, spec.describe(), () -> {},
                    externals ? probed(endpoint, connectTimeout) : ExternalsSetup.none(NOT_WANTED));
        }
        EndpointSpec.Docker docker = (EndpointSpec.Docker) spec;
        CouchDbContainer container = CouchDbContainer.start(docker.image());
        return new RunningEndpoint(HttpEndpoint.of(container.uri(), container.admin(), connectTimeout),
                spec.describe() + " " + container.uri(), container, ExternalsSetup.none(CONTAINER_HAS_NO_EXTERNALS));
    }

    /** The reference endpoint in this JVM, reading the ini of {@code externals} when it has one. */
    private static RunningEndpoint reference(EndpointSpec spec, Duration connectTimeout, ExternalsSetup externals) {
        ReferenceEndpoint.Options options = ReferenceEndpoint.Options.defaults().withLog(QUIET)
                .withIniFiles(externals.ini().map(List::of).orElse(List.of()));
        ReferenceEndpoint reference;
        try {
            reference = ReferenceEndpoint.start(options);
        } catch (RuntimeException e) {
            externals.close();
            throw e;
        }
        externals.onIniChange(reference::reloadIniFiles);
        Credentials admin = new Credentials(reference.admin().name(), reference.admin().password());
        return new RunningEndpoint(HttpEndpoint.of(reference.uri(), admin, connectTimeout),
                spec.describe() + " " + reference.uri(), reference, externals);
    }

    /** What a running server the kit did not start has of the Externals API. */
    private static ExternalsSetup probed(HttpEndpoint endpoint, Duration timeout) {
        try {
            return ExternalsSetup.forRunningEndpoint(endpoint, timeout.multipliedBy(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExternalsSetup.none("the kit was interrupted while it read the endpoint's configuration");
        }
    }

    public HttpEndpoint target() {
        return target;
    }

    /** What the Externals API cases find around the endpoint. */
    public Externals externals() {
        return externals.externals();
    }

    /** What the endpoint is, for reports: the spec and where it listens. */
    public String description() {
        return description;
    }

    @Override
    public void close() {
        target.close();
        externals.close();
        try {
            owned.close();
        } catch (Exception e) {
            // the run is over; a server that will not stop cleanly is not the kit's verdict to give
        }
    }
}
