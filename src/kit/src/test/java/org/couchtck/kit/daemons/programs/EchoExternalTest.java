package org.couchtck.kit.daemons.programs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The kit's echo handler's replies. */
class EchoExternalTest {

    @Test
    void a_request_comes_back_exactly_as_written() {
        // given: a repeated key and raw non-ASCII, which a re-serialisation could change
        String request = "{\"query\":{\"a\":\"1\",\"a\":\"2\"},\"body\":\"caf\u00e9 \uD83D\uDE00\",\"n\":1.50}";

        // when / then
        assertThat(EchoExternal.reply(request)).isEqualTo("{\"code\":200,\"json\":{\"request\":" + request + "}}");
    }

    @Test
    void a_line_that_is_not_one_json_value_gets_a_400() {
        assertThat(EchoExternal.reply("this is not JSON")).startsWith("{\"code\":400,");
        assertThat(EchoExternal.reply("{} {}")).startsWith("{\"code\":400,");
        assertThat(EchoExternal.reply("")).startsWith("{\"code\":400,");
    }
}
