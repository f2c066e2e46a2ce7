package org.couchtck.kit.endpoint;

import java.util.Objects;

/**
 * Who a request is sent as: {@code admin} (the target's admin credentials), {@code none} (no Authorization header),
 * {@code bad} (credentials no server accepts: a user name made up for the request) or {@code user:<name>:<password>}
 * (name and password may hold variables, such as a user name bound per run).
 *
 * <p>{@code bad} never names a user that exists: CouchDB 3.5 locks a user name out, for everyone, after 5 failed
 * logins within 5 minutes ({@code [chttpd_auth_lockout]}), so a wrong password sent with the admin's name would lock
 * the kit, and everyone else, out of the server after a run or two.
 *
 * @param kind which of the four
 * @param user the user's name for {@link Kind#USER}, else empty
 * @param password the user's password for {@link Kind#USER}, else empty
 */
public record Auth(Kind kind, String user, String password) {

    /** The four ways a step can authenticate. */
    public enum Kind { ADMIN, NONE, BAD, USER }

    /** The target's admin credentials (the default). */
    public static final Auth ADMIN = new Auth(Kind.ADMIN, "", "");

    public Auth {
        Objects.requireNonNull(kind, "kind");
        user = user == null ? "" : user;
        password = password == null ? "" : password;
    }

    /**
     * The auth a fixture writes as {@code text}.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static Auth parse(String text) {
        switch (text) {
            case "admin":
                return ADMIN;
            case "none":
                return new Auth(Kind.NONE, "", "");
            case "bad":
                return new Auth(Kind.BAD, "", "");
            default:
                break;
        }
        if (text.startsWith("user:")) {
            String rest = text.substring("user:".length());
            int colon = rest.indexOf(':');
            if (colon > 0) {
                return new Auth(Kind.USER, rest.substring(0, colon), rest.substring(colon + 1));
            }
        }
        throw new IllegalArgumentException("auth is \"admin\", \"none\", \"bad\" or \"user:<name>:<password>\", got '"
                + text + "'");
    }

    /** How a transcript shows the auth, without the password. */
    public String shown() {
        return switch (kind) {
            case ADMIN -> "admin";
            case NONE -> "none";
            case BAD -> "an unknown user";
            case USER -> "user " + user;
        };
    }
}
