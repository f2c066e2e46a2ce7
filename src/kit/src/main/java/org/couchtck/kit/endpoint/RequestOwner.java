package org.couchtck.kit.endpoint;

import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Which case the requests a thread sends belong to, so that an endpoint that goes down can be told which cases had a
 * request in flight. Threads a case's thread starts inherit its owner (a feed's reader).
 */
public final class RequestOwner {

    private static final InheritableThreadLocal<String> CURRENT = new InheritableThreadLocal<>();

    private RequestOwner() {
    }

    /** Runs {@code work} with the requests it sends owned by case {@code caseId}. */
    public static <T> T call(String caseId, Callable<T> work) throws Exception {
        String before = CURRENT.get();
        CURRENT.set(caseId);
        try {
            return work.call();
        } finally {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        }
    }

    /** The case the current thread's requests belong to, if it is one. */
    static Optional<String> current() {
        return Optional.ofNullable(CURRENT.get());
    }
}
