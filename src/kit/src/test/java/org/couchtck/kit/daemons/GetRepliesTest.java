package org.couchtck.kit.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.couchtck.kit.daemons.GetReplies.PortQuestion;
import org.junit.jupiter.api.Test;

/** CouchDB's replies to gets, and the port questions among them. */
class GetRepliesTest {

    private static final DaemonConfig CONFIG = DaemonConfig.parse("[hello]\nport = 5987\ngreeting = caf\u00e9\n"
            + "[other]\nx = 1\n");

    private static DaemonLine get(String line) {
        return DaemonLine.classify(0, Instant.EPOCH, line, true, true, false);
    }

    @Test
    void a_section_is_an_object_of_strings_and_an_unknown_one_is_empty() {
        // keys sorted, as the reference endpoint answers (CouchDB's set-typed ets table promises no order)
        assertThat(GetReplies.reply(CONFIG, get("[\"get\",\"hello\"]")))
                .isEqualTo("{\"greeting\":\"caf\u00e9\",\"port\":\"5987\"}");
        assertThat(GetReplies.reply(CONFIG, get("[\"get\",\"nothing\"]"))).isEqualTo("{}");
    }

    @Test
    void a_key_is_a_string_and_an_unknown_one_null() {
        assertThat(GetReplies.reply(CONFIG, get("[\"get\",\"hello\",\"port\"]"))).isEqualTo("\"5987\"");
        assertThat(GetReplies.reply(CONFIG, get("[\"get\",\"hello\",\"nothing\"]"))).isEqualTo("null");
    }

    @Test
    void gets_of_a_port_or_of_a_section_holding_one_are_port_questions() {
        assertThat(GetReplies.port(CONFIG, get("[\"get\",\"hello\",\"port\"]")))
                .contains(new PortQuestion("hello", Optional.of("5987")));
        assertThat(GetReplies.port(CONFIG, get("[\"get\",\"hello\"]")))
                .contains(new PortQuestion("hello", Optional.of("5987")));
        assertThat(GetReplies.port(CONFIG, get("[\"get\",\"other\",\"port\"]")))
                .contains(new PortQuestion("other", Optional.empty()));
        assertThat(GetReplies.port(CONFIG, get("[\"get\",\"other\"]"))).isEmpty();
        assertThat(GetReplies.port(CONFIG, get("[\"get\",\"hello\",\"greeting\"]"))).isEmpty();
    }
}
