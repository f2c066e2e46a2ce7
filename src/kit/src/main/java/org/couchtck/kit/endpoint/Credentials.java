package org.couchtck.kit.endpoint;

import java.util.Base64;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * A user's name and password, sent as HTTP Basic authentication.
 *
 * @param user the name; no {@code :} in it
 * @param password the password
 */
public record Credentials(String user, String password) {

    public Credentials {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (user.contains(":")) {
            throw new IllegalArgumentException("a user name for Basic authentication has no ':'");
        }
    }

    /** Credentials from a URI's user info {@code user:password} (already percent-decoded); empty when it has none. */
    public static Optional<Credentials> fromUserInfo(String userInfo) {
        if (userInfo == null || userInfo.isEmpty()) {
            return Optional.empty();
        }
        int colon = userInfo.indexOf(':');
        return Optional.of(colon < 0 ? new Credentials(userInfo, "")
                : new Credentials(userInfo.substring(0, colon), userInfo.substring(colon + 1)));
    }

    /** The value of an {@code Authorization} header for these credentials. */
    public String basicAuthorization() {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8));
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return "Credentials[user=" + user + ", password=(hidden)]";
    }
}
