package org.couchtck.kit.endpoint.generated;

/**
 * The kit could not run a workload at all: the endpoint is unreachable, never answered, or refused the workload's
 * database. Nothing to judge: the case is ERROR, and no shrinking is tried.
 */
final class FeedEndpointUnavailable extends RuntimeException {

    private static final long serialVersionUID = 1L;

    FeedEndpointUnavailable(String message) {
        super(message, null, false, false);
    }
}
