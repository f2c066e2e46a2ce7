package org.couchtck.reference.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The first look couch_os_process:readjson takes at a reply line (json_stream_parse's first tokens). */
class ReplyPeekTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
        "[\"log\",\"x\"]|COMMAND|",
        "  [ \"error\" , 1]|COMMAND|",
        "[\"fatal\"|COMMAND|",
        "[\"\\u006cog\",\"x\"]|COMMAND|",
        "{\"code\":200}|REPLY|",
        "{ garbage after an opening brace|REPLY|",
        "[\"resp\",{}]|REPLY|",
        "[]|REPLY|",
        "[[1]]|REPLY|",
        "[1, \"log\"]|REPLY|",
        "12|REPLY|",
        "-3.5e2|REPLY|",
        "\"a string\"|REPLY|",
        "true|REPLY|",
        "nullx|REPLY|",
        "'   '|BLANK|",
        "''|BLANK|",
        "this is no JSON|PARSE_ERROR|bad_token",
        "tru|PARSE_ERROR|bad_token",
        "[|PARSE_ERROR|unterminated_array",
        "\"open|PARSE_ERROR|unterminated_string",
        "[\"bad \\q escape\"]|PARSE_ERROR|bad_escape",
        "\"\\u12|PARSE_ERROR|missing_hex",
        "\"\\uffff\"|PARSE_ERROR|invalid_utf_char",
        "12abc|PARSE_ERROR|unexpected_character_in_number",
        "-x|PARSE_ERROR|expected_number",
        "}|PARSE_ERROR|unexpected_token",
        "[,1]|PARSE_ERROR|unexpected_token",
    })
    void should_tell_commands_replies_blank_lines_and_lines_that_do_not_scan(String line, ReplyPeek.Kind kind,
            String reason) {
        ReplyPeek.Result result = ReplyPeek.of(line.getBytes(StandardCharsets.UTF_8));

        assertThat(result.kind()).isEqualTo(kind);
        assertThat(result.parseError()).isEqualTo(reason);
    }
}
