package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Authorization values and what CouchDB 3.5.2 (on OTP 27.3) made of them, as sent to its {@code /_session}. */
class BasicAuthorizationTest {

    private static String basic(String text) {
        return "Basic " + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void should_read_name_and_password_split_at_the_first_colon() {
        assertThat(BasicAuthorization.read(basic("bob:se:cret"))).hasValueSatisfying(c ->
                assertThat(c).containsExactly("bob", "se:cret"));
        assertThat(BasicAuthorization.read(basic(":"))).hasValueSatisfying(c -> assertThat(c).containsExactly("", ""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer abc", "Digest x", "basic YWRtaW46YWRtaW4=", "Basic", "Basic "})
    void should_name_nobody_for_another_scheme_or_none(String header) {
        assertThat(BasicAuthorization.read(header)).isEmpty();
    }

    @Test
    void should_name_nobody_for_a_value_without_colon_or_the_logout_pair() {
        assertThat(BasicAuthorization.read(basic("nocolon"))).isEmpty();
        assertThat(BasicAuthorization.read(basic("_:_"))).as("logging out").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"YW Rt aW46 YWRt aW4=", "YWRtaW46YWRtaW4= ", "YWRtaW46YWRtaW4=\n"})
    void should_skip_whitespace_anywhere(String value) {
        assertThat(BasicAuthorization.read("Basic " + value)).hasValueSatisfying(c ->
                assertThat(c).containsExactly("admin", "admin"));
    }

    @ParameterizedTest(name = "{0}: {1} {2} {3} ref {4}")
    @CsvSource(delimiter = '|', value = {
        "YWRtaW46x          | 400 | bad_request   | Authorization header has invalid base64 value | -1",
        "=                  | 400 | bad_request   | Authorization header has invalid base64 value | -1",
        "!                  | 400 | bad_request   | Authorization header has invalid base64 value | -1",
        "!!!                | 500 | unknown_error | missing_padding | 753554676",
        "YWRtaW4            | 500 | unknown_error | missing_padding | 753554676",
        "YWE                | 500 | unknown_error | missing_padding | 753554676",
        "YQ                 | 500 | unknown_error | missing_padding | 1368458991",
        "==                 | 500 | unknown_error | missing_padding | 1368458991",
        "!!!!               | 500 | unknown_error | badarg          | 997727663",
        "=AAA               | 500 | unknown_error | badarg          | 997727663",
        "AA!A               | 500 | unknown_error | badarg          | 997727663",
        "YQ=A               | 500 | unknown_error | badarg          | 997727663",
        "!A==               | 500 | unknown_error | badarg          | 3286070563",
        "A!A=               | 500 | unknown_error | badarg          | 3508226361",
        "!!A=               | 500 | unknown_error | badarg          | 3508226361",
        "Y!==               | 500 | unknown_error | badarith        | 1541287582",
        "!!==               | 500 | unknown_error | badarith        | 1541287582",
        "YW!=               | 500 | unknown_error | badarith        | 1956020829",
        "YWRtaW46YWRtaW4==  | 500 | case_clause   | eq              | 3748457727",
        "YWRtaW46YWRtaW4=x  | 500 | case_clause   | 49              | 3748457727",
        "YWRtaW46YWRtaW4=!  | 500 | case_clause   | bad             | 3748457727",
        "YQ==YQ==           | 500 | case_clause   | 24              | 3748457727"
    })
    void should_fail_as_couchdb_does_where_base64_decoding_fails(String value, int status, String error, String reason,
            long ref) {
        assertThatThrownBy(() -> BasicAuthorization.read("Basic " + value)).isInstanceOfSatisfying(CouchError.class,
                e -> {
                    assertThat(e.status()).isEqualTo(status);
                    assertThat(e.error()).isEqualTo(error);
                    assertThat(e.reason()).isEqualTo(reason);
                    if (ref >= 0) {
                        assertThat(e).isInstanceOfSatisfying(CouchError.Crash.class,
                                c -> assertThat(c.ref()).isEqualTo(ref));
                    } else {
                        assertThat(e).isNotInstanceOf(CouchError.Crash.class);
                    }
                });
    }
}
