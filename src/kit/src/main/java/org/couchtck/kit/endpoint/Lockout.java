package org.couchtck.kit.endpoint;

import java.util.Optional;

/**
 * Recognises a server that has locked a user out. CouchDB 3.5 locks a user name, for every client, after 5 failed
 * logins from one address within 5 minutes ({@code [chttpd_auth_lockout]}, on by default), and then answers every
 * request sent with that name {@code 403 {"error":"forbidden","reason":"Account is temporarily locked due to multiple
 * authentication failures"}}. When that user is the admin the kit runs as, nothing more can be judged: the run stops
 * with one line instead of a report of ERRORs.
 */
public final class Lockout {

    /** How a case's ERROR message starts when the admin was locked out; the CLI exits 3 on it. */
    public static final String MESSAGE_START = "the endpoint locked the admin out";

    private static final String COUCHDB_REASON = "Account is temporarily locked";

    private Lockout() {
    }

    /** Why the reply says the user it was sent as is locked out; empty when it does not. */
    public static Optional<String> of(int status, String body) {
        if (status != 403 || !body.contains(COUCHDB_REASON)) {
            return Optional.empty();
        }
        return Optional.of(MESSAGE_START + " (403 \"" + reason(body) + "\"); CouchDB locks a user name for 5 minutes "
                + "after 5 failed logins ([chttpd_auth_lockout]): wait, or restart the server, then run again");
    }

    /** Whether a case's message is the one {@link #of} made. */
    public static boolean isLockout(String message) {
        return message.startsWith(MESSAGE_START);
    }

    private static String reason(String body) {
        int at = body.indexOf(COUCHDB_REASON);
        int end = body.indexOf('"', at);
        return end < 0 ? COUCHDB_REASON : body.substring(at, end);
    }
}
