package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Header lists as mochiweb keeps them. */
class MochiwebHeadersTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "x-couch-request-id, X-Couch-Request-Id",
        "CONTENT-type, Content-Type",
        "Content--Type, Content--type",
        "Content---Type, Content---Type",
        "host, Host",
        "x-a-header-longer-than-20, x-a-header-longer-than-20",
    })
    void should_spell_a_request_header_name_as_erlangs_packet_parser_does(String sent, String seen) {
        assertThat(MochiwebHeaders.packetName(sent)).isEqualTo(seen);
    }

    @Test
    void should_list_request_headers_by_name_with_repeats_joined_and_cookies_to_set_kept_apart() {
        List<Map.Entry<String, String>> sent = List.of(Map.entry("x-custom", "Yes"), Map.entry("Accept", "a/b"),
                Map.entry("X-CUSTOM", "Again"), Map.entry("Set-Cookie", "a=1"), Map.entry("set-cookie", "b=2"),
                Map.entry("Host", "h:1"));

        List<Map.Entry<String, String>> listed = MochiwebHeaders.ofRequest(sent);

        assertThat(listed).containsExactly(Map.entry("Accept", "a/b"), Map.entry("Host", "h:1"),
                Map.entry("Set-Cookie", "a=1"), Map.entry("Set-Cookie", "b=2"),
                Map.entry("X-Custom", "Yes, Again"));
    }

    @Test
    void should_merge_response_headers_keeping_the_first_spelling() {
        List<Map.Entry<String, String>> merged = MochiwebHeaders.merged(List.of(Map.entry("X-Thing", "1"),
                Map.entry("x-thing", "2"), Map.entry("Content-Type", "text/plain")));

        assertThat(merged).containsExactly(Map.entry("Content-Type", "text/plain"), Map.entry("X-Thing", "1, 2"));
    }
}
