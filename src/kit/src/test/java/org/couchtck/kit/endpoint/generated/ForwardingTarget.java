package org.couchtck.kit.endpoint.generated;

import java.net.URI;
import java.util.Optional;
import org.couchtck.kit.endpoint.Credentials;
import org.couchtck.kit.endpoint.EndpointTarget;

/**
 * A wrapper around another endpoint for the kit's own tests: where the server is and who its admin is come from the
 * wrapped target; a subclass decides what its requests get ({@link #open}, and {@link #send} if it edits whole
 * replies).
 */
abstract class ForwardingTarget implements EndpointTarget {

    /** The wrapped endpoint. */
    protected final EndpointTarget inner;

    ForwardingTarget(EndpointTarget inner) {
        this.inner = inner;
    }

    @Override
    public final URI baseUri() {
        return inner.baseUri();
    }

    @Override
    public final Optional<Credentials> adminCredentials() {
        return inner.adminCredentials();
    }
}
