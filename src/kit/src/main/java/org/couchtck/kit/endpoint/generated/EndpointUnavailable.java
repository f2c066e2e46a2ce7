package org.couchtck.kit.endpoint.generated;

/**
 * The kit could not run a generated example at all: the endpoint is unreachable, never answered, or refused the
 * example's database. Nothing to judge: the case is ERROR, and no shrinking is tried.
 */
final class EndpointUnavailable extends RuntimeException {

    private static final long serialVersionUID = 1L;

    EndpointUnavailable(String message) {
        super(message, null, false, false);
    }
}
