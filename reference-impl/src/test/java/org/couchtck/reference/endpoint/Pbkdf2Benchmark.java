package org.couchtck.reference.endpoint;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * One CouchDB 3.5 password key (PBKDF2-HMAC-SHA256, 600,000 iterations, 32 bytes) in milliseconds: the reference's
 * {@link Pbkdf2} over the JDK's digest and {@link Pbkdf2Sha256} on words, against the JDK's own
 * {@code PBKDF2WithHmacSHA256}. Run it with and without {@code -jvmArgsAppend -XX:TieredStopAtLevel=1}: which of the
 * reference's two is faster depends on C2.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class Pbkdf2Benchmark {

    private static final byte[] SALT = "3f1d5e8a9b0c7d6e5f4a3b2c1d0e9f8a".getBytes(StandardCharsets.UTF_8);

    @Benchmark
    public byte[] reference() {
        return new Pbkdf2("SHA-256", 64).derive("relax".getBytes(StandardCharsets.UTF_8), SALT,
                UserPasswords.DEFAULT_ITERATIONS);
    }

    @Benchmark
    public byte[] words() {
        return new Pbkdf2Sha256().derive("relax".getBytes(StandardCharsets.UTF_8), SALT,
                UserPasswords.DEFAULT_ITERATIONS, 32);
    }

    @Benchmark
    public byte[] jdk() throws Exception {
        return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(new PBEKeySpec(
                "relax".toCharArray(), SALT, UserPasswords.DEFAULT_ITERATIONS, 256)).getEncoded();
    }
}
