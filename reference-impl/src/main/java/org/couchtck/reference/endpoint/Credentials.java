package org.couchtck.reference.endpoint;

import java.util.Objects;

/** A name and password, as {@code --admin user:pass} gives them. */
public record Credentials(String name, String password) {

    public Credentials {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(password, "password");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("the name must not be empty");
        }
    }

    /** Parses {@code user:pass} (the password may contain colons). */
    public static Credentials parse(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("expected user:password, got '" + text + "'");
        }
        return new Credentials(text.substring(0, colon), text.substring(colon + 1));
    }
}
