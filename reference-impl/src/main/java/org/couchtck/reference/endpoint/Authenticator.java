package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.Store;

/**
 * Who a request is: the server admin (Basic auth or a session cookie), a user of {@code _users}, or nobody. Wrong
 * credentials are CouchDB's 401 whatever the request.
 */
final class Authenticator {

    static final String COOKIE = "AuthSession";

    private final Credentials admin;
    private final Store store;
    private final UserPasswords passwords;
    private final Map<String, UserContext> sessions = new ConcurrentHashMap<>();

    Authenticator(Credentials admin, Store store, UserPasswords passwords) {
        this.admin = admin;
        this.store = store;
        this.passwords = passwords;
    }

    UserContext authenticate(Optional<String> authorization, Optional<String> cookieHeader) {
        Optional<String[]> basic = authorization.flatMap(BasicAuthorization::read);
        if (basic.isPresent()) {
            return check(basic.get()[0], basic.get()[1]).orElseThrow(Authenticator::unauthorized);
        }
        Optional<String> session = cookieHeader.flatMap(Authenticator::sessionToken);
        if (session.isPresent()) {
            UserContext user = sessions.get(session.get());
            if (user != null) {
                return user;
            }
        }
        return UserContext.ANONYMOUS;
    }

    /** The user these credentials name, when the password is right. */
    Optional<UserContext> check(String name, String password) {
        if (name.equals(admin.name())) {
            return constantTimeEquals(password, admin.password())
                    ? Optional.of(new UserContext(name, List.of("_admin")))
                    : Optional.empty();
        }
        return store.get("_users")
                .flatMap(db -> db.get("org.couchdb.user:" + name))
                .filter(doc -> !doc.deleted())
                .filter(doc -> passwords.matches(doc.winner().body(), password))
                .map(doc -> new UserContext(name, roles(doc)));
    }

    /** Opens a session and returns its cookie value. */
    String openSession(UserContext user) {
        byte[] token = new byte[18];
        ThreadLocalRandom.current().nextBytes(token);
        String value = Base64.getUrlEncoder().withoutPadding().encodeToString(token);
        sessions.put(value, user);
        return value;
    }

    void closeSession(Optional<String> cookieHeader) {
        cookieHeader.flatMap(Authenticator::sessionToken).ifPresent(sessions::remove);
    }

    static CouchError unauthorized() {
        return new CouchError(401, "unauthorized", "Name or password is incorrect.");
    }

    private static List<String> roles(DocumentState doc) {
        List<String> roles = new ArrayList<>();
        doc.winner().body().path("roles").forEach(r -> roles.add(r.asText()));
        return roles;
    }

    private static Optional<String> sessionToken(String cookieHeader) {
        for (String part : cookieHeader.split(";")) {
            String p = part.trim();
            if (p.startsWith(COOKIE + "=") && p.length() > COOKIE.length() + 1) {
                return Optional.of(p.substring(COOKIE.length() + 1));
            }
        }
        return Optional.empty();
    }

    private static boolean constantTimeEquals(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
