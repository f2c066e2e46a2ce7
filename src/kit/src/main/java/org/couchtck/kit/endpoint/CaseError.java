package org.couchtck.kit.endpoint;

/**
 * The kit could not judge the case: the endpoint is unreachable, it never answered the case's first request, the
 * case's databases could not be created, or the kit itself failed. Judged ERROR.
 */
final class CaseError extends Exception {

    private static final long serialVersionUID = 1L;

    CaseError(String message) {
        super(message);
    }

    CaseError(String message, Throwable cause) {
        super(message, cause);
    }
}
