package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class UserPasswordsTest {

    private final NodeConfig config = new NodeConfig();
    private final UserPasswords passwords = new UserPasswords(config);

    private static ObjectNode user(String password) {
        ObjectNode doc = Json.object();
        doc.put("_id", "org.couchdb.user:bob").put("name", "bob").put("type", "user").put("password", password);
        doc.putArray("roles");
        return doc;
    }

    @Test
    void should_hash_with_couchdbs_defaults_when_the_config_sets_nothing() {
        ObjectNode doc = user("secret");

        passwords.hashInPlace(doc);

        assertThat(doc.has("password")).isFalse();
        assertThat(doc.get("password_scheme").asText()).isEqualTo("pbkdf2");
        assertThat(doc.get("pbkdf2_prf").asText()).isEqualTo("sha256");
        assertThat(doc.get("iterations").asInt()).isEqualTo(600_000);
        assertThat(doc.get("salt").asText()).matches("[0-9a-f]{32}");
        assertThat(doc.get("derived_key").asText()).matches("[0-9a-f]{64}");
        assertThat(passwords.matches(doc, "secret")).isTrue();
        assertThat(passwords.matches(doc, "Secret")).isFalse();
    }

    @Test
    void should_hash_with_the_iterations_and_prf_the_config_sets() {
        config.set("chttpd_auth", "iterations", "10");
        config.set("chttpd_auth", "pbkdf2_prf", "sha512");
        ObjectNode doc = user("secret");

        passwords.hashInPlace(doc);

        assertThat(doc.get("iterations").asInt()).isEqualTo(10);
        assertThat(doc.get("pbkdf2_prf").asText()).isEqualTo("sha512");
        assertThat(doc.get("derived_key").asText()).matches("[0-9a-f]{128}");
        assertThat(passwords.matches(doc, "secret")).isTrue();
    }

    @Test
    void should_check_the_keys_of_older_couchdbs() {
        // PBKDF2 without a PRF is SHA-1 (CouchDB 1.x and 2.x); simple is SHA-1 of password and salt
        ObjectNode pbkdf2 = Json.object().put("password_scheme", "pbkdf2").put("salt", "abc").put("iterations", 10)
                .put("derived_key", UserPasswords.pbkdf2("sha", "pw", "abc", 10));
        ObjectNode simple = Json.object().put("password_scheme", "simple").put("salt", "abc")
                .put("password_sha", "cf2b7e4e50a003a1a04361027f6a339c2dda6bb1");

        assertThat(pbkdf2.get("derived_key").asText()).hasSize(40);
        assertThat(passwords.matches(pbkdf2, "pw")).isTrue();
        assertThat(passwords.matches(pbkdf2, "px")).isFalse();
        assertThat(passwords.matches(simple, "pw")).isTrue();
        assertThat(passwords.matches(simple, "nope")).isFalse();
    }

    @Test
    void should_not_derive_again_the_key_of_the_password_it_just_hashed_but_check_any_other() {
        // given
        config.set("chttpd_auth", "iterations", "10");
        AtomicInteger derivations = new AtomicInteger();
        UserPasswords counted = new UserPasswords(config, (prf, password, salt, iterations) -> {
            derivations.incrementAndGet();
            return UserPasswords.pbkdf2(prf, password, salt, iterations);
        });
        ObjectNode doc = user("secret");
        counted.hashInPlace(doc);

        // when
        boolean right = counted.matches(doc, "secret");
        boolean wrong = counted.matches(doc, "Secret");

        // then
        assertThat(right).isTrue();
        assertThat(wrong).isFalse();
        assertThat(derivations).as("one to hash, one for the wrong password").hasValue(2);
    }

    @Test
    void should_check_afresh_a_document_whose_iterations_changed_since() {
        // given
        config.set("chttpd_auth", "iterations", "10");
        ObjectNode doc = user("secret");
        passwords.hashInPlace(doc);

        // when
        doc.put("iterations", 11);

        // then: the key was made with 10
        assertThat(passwords.matches(doc, "secret")).isFalse();
    }
}
