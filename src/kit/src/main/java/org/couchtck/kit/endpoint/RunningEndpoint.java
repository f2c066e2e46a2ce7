package org.couchtck.kit.endpoint;

import java.time.Duration;
import org.couchtck.reference.endpoint.ReferenceEndpoint;

/**
 * An endpoint for one run: the target the HTTP cases talk to, and whatever it took to have it (an embedded server, a
 * container), released by {@link #close()}.
 */
public final class RunningEndpoint implements AutoCloseable {

    private final HttpEndpoint target;
    private final String description;
    private final AutoCloseable owned;

    private RunningEndpoint(HttpEndpoint target, String description, AutoCloseable owned) {
        this.target = target;
        this.description = description;
        this.owned = owned;
    }

    /**
     * Makes the endpoint {@code spec} names available.
     *
     * @throws EndpointStartException with a one-line reason when it cannot be had (no Docker engine, the image did not
     *     start)
     */
    public static RunningEndpoint start(EndpointSpec spec, Duration connectTimeout) {
        if (spec instanceof EndpointSpec.Reference) {
            ReferenceEndpoint reference = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
            Credentials admin = new Credentials(reference.admin().name(), reference.admin().password());
            return new RunningEndpoint(HttpEndpoint.of(reference.uri(), admin, connectTimeout),
                    spec.describe() + " " + reference.uri(), reference);
        }
        if (spec instanceof EndpointSpec.Url url) {
            HttpEndpoint endpoint = url.admin().isPresent()
                    ? HttpEndpoint.of(url.uri(), url.admin().get(), connectTimeout)
                    : HttpEndpoint.of(url.uri(), connectTimeout);
            return new RunningEndpoint(endpoint, spec.describe(), () -> {});
        }
        EndpointSpec.Docker docker = (EndpointSpec.Docker) spec;
        CouchDbContainer container = CouchDbContainer.start(docker.image());
        return new RunningEndpoint(HttpEndpoint.of(container.uri(), container.admin(), connectTimeout),
                spec.describe() + " " + container.uri(), container);
    }

    public HttpEndpoint target() {
        return target;
    }

    /** What the endpoint is, for reports: the spec and where it listens. */
    public String description() {
        return description;
    }

    @Override
    public void close() {
        target.close();
        try {
            owned.close();
        } catch (Exception e) {
            // the run is over; a server that will not stop cleanly is not the kit's verdict to give
        }
    }
}
