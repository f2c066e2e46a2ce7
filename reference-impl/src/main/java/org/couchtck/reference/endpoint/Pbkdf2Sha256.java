package org.couchtck.reference.endpoint;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

/**
 * PBKDF2 with HMAC-SHA256 (RFC 8018, FIPS 180-4), the key CouchDB 3.5 makes of a password, computed on 32-bit words:
 * each iteration is two compressions of one fixed-shape block, with no bytes, buffers or digest objects between
 * them. It derives the same keys as {@link Pbkdf2} over the JDK's SHA-256, which is the faster of the two only where
 * C2 compiles the JDK's digest to the processor's SHA instructions; on a JVM without C2 (the kit's, which runs on C1
 * alone: {@code -XX:TieredStopAtLevel=1}) this one takes half the time ({@code Pbkdf2Benchmark}).
 */
final class Pbkdf2Sha256 {

    private static final int BLOCK_BYTES = 64;
    private static final int HASH_BYTES = 32;
    private static final int[] ROUND_CONSTANTS = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    private static final int[] INITIAL_STATE = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

    /** Whether this JVM compiles without C2, where this class beats the JDK's digest. */
    static boolean fasterHere() {
        return WithoutC2.ANSWER;
    }

    /** The first {@code length} bytes of the key PBKDF2-HMAC-SHA256 derives. */
    byte[] derive(byte[] password, byte[] salt, int iterations, int length) {
        if (iterations < 1 || length < 1) {
            throw new IllegalArgumentException("iterations and length must be positive");
        }
        byte[] key = password.length > BLOCK_BYTES ? sha256(password) : password;
        int[] words = new int[64];
        int[] innerPadded = new int[8];
        int[] outerPadded = new int[8];
        loadPad(key, 0x36, words);
        compress(INITIAL_STATE, words, innerPadded);
        loadPad(key, 0x5c, words);
        compress(INITIAL_STATE, words, outerPadded);

        byte[] derived = new byte[length];
        int[] inner = new int[8];
        int[] u = new int[8];
        int[] block = new int[8];
        for (int index = 1, at = 0; at < length; index++, at += HASH_BYTES) {
            hashSaltAndIndex(innerPadded, salt, index, words, inner);
            hashOfHash(outerPadded, inner, words, u);
            System.arraycopy(u, 0, block, 0, 8);
            for (int i = 1; i < iterations; i++) {
                hashOfHash(innerPadded, u, words, inner);
                hashOfHash(outerPadded, inner, words, u);
                for (int j = 0; j < 8; j++) {
                    block[j] ^= u[j];
                }
            }
            for (int i = 0; i < HASH_BYTES && at + i < length; i++) {
                derived[at + i] = (byte) (block[i >> 2] >>> (24 - 8 * (i & 3)));
            }
        }
        return derived;
    }

    /** The HMAC key's block XOR {@code pad}, as the 16 big-endian words of {@code words}. */
    private static void loadPad(byte[] key, int pad, int[] words) {
        for (int i = 0; i < BLOCK_BYTES; i++) {
            int b = (i < key.length ? key[i] : 0) ^ pad;
            words[i >> 2] = (words[i >> 2] << 8) | (b & 0xff);
        }
    }

    /** {@code out} = the hash, after one block hashed into {@code state}, of salt || INT(index), padded. */
    private static void hashSaltAndIndex(int[] state, byte[] salt, int index, int[] words, int[] out) {
        int messageBytes = salt.length + 4;
        int paddedBytes = ((messageBytes + 8) / BLOCK_BYTES + 1) * BLOCK_BYTES;
        byte[] padded = new byte[paddedBytes];
        System.arraycopy(salt, 0, padded, 0, salt.length);
        for (int i = 0; i < 4; i++) {
            padded[salt.length + i] = (byte) (index >>> (24 - 8 * i));
        }
        padded[messageBytes] = (byte) 0x80;
        long bits = (BLOCK_BYTES + (long) messageBytes) * 8;
        for (int i = 0; i < 8; i++) {
            padded[paddedBytes - 1 - i] = (byte) (bits >>> (8 * i));
        }
        System.arraycopy(state, 0, out, 0, 8);
        for (int offset = 0; offset < paddedBytes; offset += BLOCK_BYTES) {
            for (int i = 0; i < 16; i++) {
                int at = offset + 4 * i;
                words[i] = (padded[at] & 0xff) << 24 | (padded[at + 1] & 0xff) << 16 | (padded[at + 2] & 0xff) << 8
                        | (padded[at + 3] & 0xff);
            }
            compress(out, words, out);
        }
    }

    /** {@code out} = the hash, after one block hashed into {@code state}, of the 32-byte {@code hash}, padded. */
    private static void hashOfHash(int[] state, int[] hash, int[] words, int[] out) {
        System.arraycopy(hash, 0, words, 0, 8);
        words[8] = 0x80000000;
        for (int i = 9; i < 15; i++) {
            words[i] = 0;
        }
        words[15] = (BLOCK_BYTES + HASH_BYTES) * 8;
        compress(state, words, out);
    }

    /** SHA-256's compression of the block in {@code words[0..15]} into {@code state}; {@code out} may be it. */
    private static void compress(int[] state, int[] words, int[] out) {
        for (int t = 16; t < 64; t++) {
            int x = words[t - 15];
            int y = words[t - 2];
            int s0 = Integer.rotateRight(x, 7) ^ Integer.rotateRight(x, 18) ^ (x >>> 3);
            int s1 = Integer.rotateRight(y, 17) ^ Integer.rotateRight(y, 19) ^ (y >>> 10);
            words[t] = words[t - 16] + s0 + words[t - 7] + s1;
        }
        int a = state[0];
        int b = state[1];
        int c = state[2];
        int d = state[3];
        int e = state[4];
        int f = state[5];
        int g = state[6];
        int h = state[7];
        for (int t = 0; t < 64; t++) {
            int t1 = h + (Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25))
                    + ((e & f) ^ (~e & g)) + ROUND_CONSTANTS[t] + words[t];
            int t2 = (Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22))
                    + ((a & b) ^ (a & c) ^ (b & c));
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        out[0] = state[0] + a;
        out[1] = state[1] + b;
        out[2] = state[2] + c;
        out[3] = state[3] + d;
        out[4] = state[4] + e;
        out[5] = state[5] + f;
        out[6] = state[6] + g;
        out[7] = state[7] + h;
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** Read once: the JVM's compilers do not change while it runs. */
    private static final class WithoutC2 {
        static final boolean ANSWER = read();

        private static boolean read() {
            try {
                HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
                boolean tiered = Boolean.parseBoolean(vm.getVMOption("TieredCompilation").getValue());
                int stopAt = Integer.parseInt(vm.getVMOption("TieredStopAtLevel").getValue());
                return tiered && stopAt < 4;
            } catch (RuntimeException | LinkageError e) {
                // not HotSpot: leave the digest to the JDK
                return false;
            }
        }
    }
}
