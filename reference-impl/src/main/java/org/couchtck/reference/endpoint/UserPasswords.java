package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code _users} passwords as CouchDB 3.5.2 keeps them (couch_users_db, couch_passwords): a document that carries a
 * clear {@code password} gets a PBKDF2 key instead, with the {@code [chttpd_auth]} settings of the node's config
 * ({@code iterations}, default 600000; {@code pbkdf2_prf}, default sha256) and 16 random bytes of salt; a password is
 * checked against the document's own scheme, PRF and iterations (documents of older CouchDBs: PBKDF2 without a PRF is
 * SHA-1; {@code simple} is SHA-1 of password and salt). 600000 iterations cost a tenth of a second or more, so a
 * password once found right for a document's key is remembered, as CouchDB's auth cache does, and so is the one a
 * key was just made of.
 */
final class UserPasswords {

    static final int DEFAULT_ITERATIONS = 600_000;
    static final String DEFAULT_PRF = "sha256";
    private static final Set<String> PRFS = Set.of("sha", "sha224", "sha256", "sha384", "sha512");
    private static final int REMEMBERED = 1_000;

    /** {@link #pbkdf2}'s signature: a hex key from PRF, password, salt and iterations. */
    @FunctionalInterface
    interface KeyDerivation {
        String derive(String prf, String password, String salt, int iterations);
    }

    private final NodeConfig config;
    private final KeyDerivation derivation;
    /** Keys of (user document key, password) pairs known right; bounded, oldest dropped first. */
    private final Set<String> verified = Collections.newSetFromMap(Collections.synchronizedMap(
            new LinkedHashMap<String, Boolean>(16, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > REMEMBERED;
                }
            }));

    UserPasswords(NodeConfig config) {
        this(config, UserPasswords::pbkdf2);
    }

    UserPasswords(NodeConfig config, KeyDerivation derivation) {
        this.config = config;
        this.derivation = derivation;
    }

    /** Hashes {@code password} in place, if the document has one. */
    void hashInPlace(ObjectNode userDoc) {
        if (!userDoc.path("password").isTextual()) {
            return;
        }
        String password = userDoc.remove("password").asText();
        String prf = config.get("chttpd_auth", "pbkdf2_prf").filter(PRFS::contains).orElse(DEFAULT_PRF);
        int iterations = config.get("chttpd_auth", "iterations").flatMap(UserPasswords::positive)
                .orElse(DEFAULT_ITERATIONS);
        byte[] saltBytes = new byte[16];
        ThreadLocalRandom.current().nextBytes(saltBytes);
        String salt = HexFormat.of().formatHex(saltBytes);
        userDoc.put("password_scheme", "pbkdf2");
        userDoc.put("pbkdf2_prf", prf);
        userDoc.put("salt", salt);
        userDoc.put("iterations", iterations);
        userDoc.put("derived_key", derivation.derive(prf, password, salt, iterations));
        // The password just hashed is right for this key: its user's first request need not derive it again.
        verified.add(remembered(userDoc, password));
    }

    /**
     * What a (user document key, password) pair is remembered as: everything the check reads of the document, so a
     * document whose key, salt, scheme, PRF or iterations change is checked afresh.
     */
    private static String remembered(JsonNode user, String password) {
        return sha256(String.join("\n", user.path("password_scheme").asText("simple"),
                user.path("pbkdf2_prf").asText("sha"), user.path("iterations").asText(""),
                user.path("derived_key").asText(""), user.path("password_sha").asText(""),
                user.path("salt").asText(""), password));
    }

    /** Whether {@code password} is the one the user document keeps a key of. */
    boolean matches(JsonNode user, String password) {
        String salt = user.path("salt").asText("");
        if (salt.isEmpty()) {
            return false;
        }
        String scheme = user.path("password_scheme").asText("simple");
        String remembered = remembered(user, password);
        if (verified.contains(remembered)) {
            return true;
        }
        boolean right;
        if (scheme.equals("pbkdf2")) {
            String derived = user.path("derived_key").asText("");
            int iterations = user.path("iterations").asInt(0);
            String prf = user.path("pbkdf2_prf").asText("sha");
            right = !derived.isEmpty() && iterations > 0 && PRFS.contains(prf)
                    && equal(derivation.derive(prf, password, salt, iterations), derived);
        } else if (scheme.equals("simple")) {
            right = equal(sha1Hex(password + salt), user.path("password_sha").asText(""));
        } else {
            right = false;
        }
        if (right) {
            verified.add(remembered);
        }
        return right;
    }

    static String pbkdf2(String prf, String password, String salt, int iterations) {
        byte[] passwordBytes = password.getBytes(StandardCharsets.UTF_8);
        byte[] saltBytes = salt.getBytes(StandardCharsets.UTF_8);
        if (prf.equals("sha256") && Pbkdf2Sha256.fasterHere()) {
            return HexFormat.of().formatHex(new Pbkdf2Sha256().derive(passwordBytes, saltBytes, iterations, 32));
        }
        Pbkdf2 kdf = switch (prf) {
            case "sha" -> new Pbkdf2("SHA-1", 64);
            case "sha224" -> new Pbkdf2("SHA-224", 64);
            case "sha384" -> new Pbkdf2("SHA-384", 128);
            case "sha512" -> new Pbkdf2("SHA-512", 128);
            default -> new Pbkdf2("SHA-256", 64);
        };
        // couch_passwords derives a key as long as the hash
        return HexFormat.of().formatHex(kdf.derive(passwordBytes, saltBytes, iterations));
    }

    private static java.util.Optional<Integer> positive(String text) {
        try {
            int value = Integer.parseInt(text.trim());
            return value > 0 ? java.util.Optional.of(value) : java.util.Optional.empty();
        } catch (NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }

    private static boolean equal(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    private static String sha1Hex(String text) {
        return digest("SHA-1", text);
    }

    private static String sha256(String text) {
        return digest("SHA-256", text);
    }

    private static String digest(String algorithm, String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(text.getBytes(
                    StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(algorithm + " is part of every JDK", e);
        }
    }
}
