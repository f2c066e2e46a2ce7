package org.couchtck.kit.endpoint;

import java.util.Objects;

/**
 * Who a request is sent as: {@code admin} (the target's admin credentials), {@code none} (no Authorization header),
 * {@code bad} (the admin's name with a wrong password) or {@code user:<name>:<password>}.
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
            case BAD -> "admin with a wrong password";
            case USER -> "user " + user;
        };
    }
}
