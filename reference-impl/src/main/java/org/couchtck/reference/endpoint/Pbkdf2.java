package org.couchtck.reference.endpoint;

import java.security.DigestException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

/**
 * PBKDF2 (RFC 8018) with HMAC (RFC 2104) over one of the JDK's digests, giving the same keys as the JDK's
 * {@code PBKDF2WithHmac*} at half the work: the key's inner and outer pads are hashed once, and each HMAC then starts
 * from copies of those two digests, two compressions per iteration where the JDK's HMAC hashes each pad again for
 * every one of them (four). CouchDB 3.5 keys passwords with 600,000 iterations, so this is most of what creating a
 * user costs the reference.
 */
final class Pbkdf2 {

    private final String digest;
    private final int blockSize;

    /**
     * @param digest the JDK name of the hash ({@code SHA-256})
     * @param blockSize its block size in bytes (64 for SHA-1 and SHA-2 up to 256 bits, 128 for SHA-384 and -512)
     */
    Pbkdf2(String digest, int blockSize) {
        this.digest = digest;
        this.blockSize = blockSize;
    }

    /** The key PBKDF2 derives, as long as the hash. */
    byte[] derive(byte[] password, byte[] salt, int iterations) {
        try {
            return derive(password, salt, iterations, MessageDigest.getInstance(digest).getDigestLength());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(digest + " is part of every JDK", e);
        }
    }

    /** The first {@code length} bytes of the key PBKDF2 derives. */
    byte[] derive(byte[] password, byte[] salt, int iterations, int length) {
        if (iterations < 1 || length < 1) {
            throw new IllegalArgumentException("iterations and length must be positive");
        }
        try {
            MessageDigest inner = MessageDigest.getInstance(digest);
            MessageDigest outer = MessageDigest.getInstance(digest);
            byte[] key = password.length > blockSize ? inner.digest(password) : password;
            byte[] innerPad = new byte[blockSize];
            byte[] outerPad = new byte[blockSize];
            for (int i = 0; i < blockSize; i++) {
                byte k = i < key.length ? key[i] : 0;
                innerPad[i] = (byte) (k ^ 0x36);
                outerPad[i] = (byte) (k ^ 0x5c);
            }
            inner.update(innerPad);
            outer.update(outerPad);
            return derive(inner, outer, salt, iterations, length);
        } catch (GeneralSecurityException | CloneNotSupportedException e) {
            throw new IllegalStateException(digest + " is part of every JDK and can be copied", e);
        }
    }

    private static byte[] derive(MessageDigest innerPadded, MessageDigest outerPadded, byte[] salt, int iterations,
            int length) throws CloneNotSupportedException, DigestException {
        int hashLength = innerPadded.getDigestLength();
        byte[] derived = new byte[length];
        byte[] u = new byte[hashLength];
        byte[] block = new byte[hashLength];
        for (int index = 1, at = 0; at < length; index++, at += hashLength) {
            MessageDigest inner = (MessageDigest) innerPadded.clone();
            inner.update(salt);
            inner.update(new byte[] {(byte) (index >>> 24), (byte) (index >>> 16), (byte) (index >>> 8),
                (byte) index});
            finish(inner, outerPadded, u);
            System.arraycopy(u, 0, block, 0, hashLength);
            for (int i = 1; i < iterations; i++) {
                inner = (MessageDigest) innerPadded.clone();
                inner.update(u);
                finish(inner, outerPadded, u);
                for (int j = 0; j < hashLength; j++) {
                    block[j] ^= u[j];
                }
            }
            System.arraycopy(block, 0, derived, at, Math.min(hashLength, length - at));
        }
        return derived;
    }

    /** {@code u} = the outer hash over the inner one: the HMAC whose inner digest {@code inner} has been fed. */
    private static void finish(MessageDigest inner, MessageDigest outerPadded, byte[] u)
            throws CloneNotSupportedException, DigestException {
        inner.digest(u, 0, u.length);
        MessageDigest outer = (MessageDigest) outerPadded.clone();
        outer.update(u);
        outer.digest(u, 0, u.length);
    }
}
