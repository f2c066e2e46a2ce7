package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Pbkdf2Test {

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{0} c={2} dkLen={3}")
    @CsvSource({
        // RFC 6070 (HMAC-SHA1)
        "SHA-1, 64, password, salt, 1, 20, 0c60c80f961f0e71f3a9b524af6012062fe037a6",
        "SHA-1, 64, password, salt, 4096, 20, 4b007901b765489abead49d926f721d065a429c1",
        "SHA-1, 64, passwordPASSWORDpassword, saltSALTsaltSALTsaltSALTsaltSALTsalt, 4096, 25, "
                + "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038",
        // the same inputs with HMAC-SHA256, as published beside RFC 7914's scrypt vectors
        "SHA-256, 64, password, salt, 1, 32, 120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b",
        "SHA-256, 64, password, salt, 4096, 32, c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"
    })
    void should_derive_the_published_keys(String digest, int block, String password, String salt, int iterations,
            int length, String key) {
        assertThat(HexFormat.of().formatHex(new Pbkdf2(digest, block).derive(utf8(password), utf8(salt), iterations,
                length))).isEqualTo(key);
        if (digest.equals("SHA-256")) {
            assertThat(HexFormat.of().formatHex(new Pbkdf2Sha256().derive(utf8(password), utf8(salt), iterations,
                    length))).as("on words").isEqualTo(key);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"SHA-1, 64, PBKDF2WithHmacSHA1, 160", "SHA-224, 64, PBKDF2WithHmacSHA224, 224",
        "SHA-256, 64, PBKDF2WithHmacSHA256, 256", "SHA-384, 128, PBKDF2WithHmacSHA384, 384",
        "SHA-512, 128, PBKDF2WithHmacSHA512, 512"})
    void should_derive_what_the_jdk_derives_also_for_a_password_longer_than_a_block(String digest, int block,
            String jdkAlgorithm, int bits) throws Exception {
        for (String password : new String[] {"", "pw", "mot de passe é 漢", "x".repeat(block + 1)}) {
            byte[] salt = utf8("8fa6c0e1d2b3a4958677");
            byte[] expected = SecretKeyFactory.getInstance(jdkAlgorithm).generateSecret(new PBEKeySpec(
                    password.toCharArray(), salt, 1000, bits)).getEncoded();

            assertThat(new Pbkdf2(digest, block).derive(utf8(password), salt, 1000)).as(password)
                    .isEqualTo(expected);
        }
    }

    @Test
    void should_refuse_no_iterations() {
        assertThatThrownBy(() -> new Pbkdf2("SHA-256", 64).derive(utf8("pw"), utf8("salt"), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_derive_on_words_what_it_derives_over_the_jdk_digest_at_every_padding_boundary() {
        // salts around one block's room for the message (55 bytes with INT(i): 51, 52) and two blocks' (115, 116),
        // passwords around the HMAC block (64), keys of part of, one and more than one hash
        Pbkdf2 overDigest = new Pbkdf2("SHA-256", 64);
        Pbkdf2Sha256 onWords = new Pbkdf2Sha256();
        for (int passwordLength : new int[] {0, 1, 63, 64, 65, 200}) {
            for (int saltLength : new int[] {0, 1, 51, 52, 55, 56, 60, 64, 115, 116, 130}) {
                for (int length : new int[] {1, 31, 32, 33, 64, 100}) {
                    byte[] password = utf8("p".repeat(passwordLength));
                    byte[] salt = utf8("s".repeat(saltLength));
                    for (int iterations : new int[] {1, 2, 3}) {
                        assertThat(onWords.derive(password, salt, iterations, length))
                                .as("password %d, salt %d, key %d, %d iterations", passwordLength, saltLength,
                                        length, iterations)
                                .isEqualTo(overDigest.derive(password, salt, iterations, length));
                    }
                }
            }
        }
    }

    @Test
    void should_derive_couchdbs_key_on_words() throws Exception {
        byte[] salt = utf8("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
        byte[] expected = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(new PBEKeySpec(
                "relax é".toCharArray(), salt, UserPasswords.DEFAULT_ITERATIONS, 256)).getEncoded();

        assertThat(new Pbkdf2Sha256().derive(utf8("relax é"), salt, UserPasswords.DEFAULT_ITERATIONS, 32))
                .isEqualTo(expected);
    }

    @Test
    void should_refuse_no_iterations_on_words() {
        assertThatThrownBy(() -> new Pbkdf2Sha256().derive(utf8("pw"), utf8("salt"), 0, 32))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_take_the_words_only_where_the_jvm_has_no_c2() {
        // surefire runs the tests on C1 alone (the parent pom's argLine); a JVM with C2 keeps the JDK's digest
        boolean c1Only = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains("-XX:TieredStopAtLevel=1");

        assertThat(Pbkdf2Sha256.fasterHere()).isEqualTo(c1Only);
    }
}
