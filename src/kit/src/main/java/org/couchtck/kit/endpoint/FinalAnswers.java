package org.couchtck.kit.endpoint;

import java.util.Set;

/**
 * The statuses a server gives to a request it refuses as such, which waiting does not change: a polling step that gets
 * one twice, with the same body, stops there. Not those that say "not yet" or "try again": 404 (what a poll may wait
 * to appear), 408, 409, 425, 429, and the server errors but 501, which a server that has no such thing gives.
 */
final class FinalAnswers {

    private static final Set<Integer> NOT_YET = Set.of(404, 408, 409, 425, 429);

    private FinalAnswers() {
    }

    static boolean isFinal(int status) {
        return status >= 400 && status < 500 && !NOT_YET.contains(status) || status == 501;
    }
}
