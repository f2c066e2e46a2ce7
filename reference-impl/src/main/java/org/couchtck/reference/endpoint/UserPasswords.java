package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * What CouchDB does to a {@code _users} document that carries a clear {@code password}: replaces it with a salted
 * PBKDF2-SHA256 key. The reference uses few iterations: it is a test double, and salts are random anyway.
 */
final class UserPasswords {

    static final int ITERATIONS = 1000;

    private UserPasswords() {}

    /** Hashes {@code password} in place, if the document has one. */
    static void hashInPlace(ObjectNode userDoc) {
        if (!userDoc.path("password").isTextual()) {
            return;
        }
        String password = userDoc.remove("password").asText();
        byte[] saltBytes = new byte[16];
        ThreadLocalRandom.current().nextBytes(saltBytes);
        String salt = HexFormat.of().formatHex(saltBytes);
        userDoc.put("password_scheme", "pbkdf2");
        userDoc.put("pbkdf2_prf", "sha256");
        userDoc.put("salt", salt);
        userDoc.put("iterations", ITERATIONS);
        userDoc.put("derived_key", derive(password, salt, ITERATIONS));
    }

    static String derive(String password, String salt, int iterations) {
        try {
            PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    iterations, 256);
            byte[] key = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
            return HexFormat.of().formatHex(key);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is part of every JDK", e);
        }
    }
}
