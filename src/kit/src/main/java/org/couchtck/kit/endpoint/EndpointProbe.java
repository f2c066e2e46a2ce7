package org.couchtck.kit.endpoint;

import java.time.Duration;
import java.util.Optional;

/**
 * Asks an endpoint for {@code GET /} once before a run, so that a wrong URL, a server that is down or an admin the
 * server has locked out is one clear line, not a report full of ERRORs.
 */
public final class EndpointProbe {

    private EndpointProbe() {}

    /** Empty when the endpoint answered; otherwise why it is unusable, in one line. */
    public static Optional<String> probe(EndpointTarget target, Duration timeout) {
        try {
            HttpReply reply = target.send(target.adminCall("GET", "/", timeout));
            Optional<String> locked = Lockout.of(reply.status(), reply.body());
            if (locked.isPresent()) {
                return Optional.of(locked.get().replaceFirst("^the endpoint", "the endpoint " + target.baseUri()));
            }
            if (reply.status() == 401) {
                return Optional.of("the endpoint " + target.baseUri() + " refused the admin credentials (401); give "
                        + "them in the URL or with --user");
            }
            return Optional.empty();
        } catch (EndpointUnreachableException | NoReplyException e) {
            return Optional.of("the endpoint " + target.baseUri() + " cannot be reached: " + e.getMessage());
        } catch (java.io.IOException e) {
            return Optional.of("the endpoint " + target.baseUri() + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while reaching " + target.baseUri());
        }
    }
}
