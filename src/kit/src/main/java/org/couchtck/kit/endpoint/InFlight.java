package org.couchtck.kit.endpoint;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A request the server had received, or may have, when it went down: sent on a connection and not yet answered in
 * full.
 *
 * @param owner the case it belongs to ({@link RequestOwner}), when known
 * @param request its method and path, e.g. {@code GET /db/_changes?filter=f/g}
 * @param sentAt when its head went out
 */
public record InFlight(Optional<String> owner, String request, Instant sentAt) {

    public InFlight {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(sentAt, "sentAt");
    }
}
