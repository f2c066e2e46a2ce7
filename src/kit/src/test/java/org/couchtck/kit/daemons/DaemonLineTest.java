package org.couchtck.kit.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.couchtck.kit.daemons.DaemonLine.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each line a daemon may write, classified as couch_os_daemons handles it. */
class DaemonLineTest {

    private static DaemonLine classify(String text) {
        return DaemonLine.classify(0, Instant.EPOCH, text, true, true, false);
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
        "[\"get\",\"s\"]                          | GET_SECTION",
        "[\"get\",\"s\",\"k\"]                    | GET_KEY",
        "[\"get\",\"s\",\"k\",\"x\"]              | GET_MALFORMED",
        "[\"get\"]                                | GET_MALFORMED",
        "[\"get\",1]                              | GET_MALFORMED",
        "[\"get\",\"s\",null]                     | GET_MALFORMED",
        "[\"get\",[\"s\"]]                        | GET_MALFORMED",
        "[\"register\",\"s\"]                     | REGISTER",
        "[\"register\",\"s\",\"k\"]               | REGISTER",
        "[\"register\",\"s\",2]                   | REGISTER_MALFORMED",
        "[\"register\"]                           | REGISTER_MALFORMED",
        "[\"log\",\"m\"]                          | LOG",
        "[\"log\",\"m\",{\"level\":\"debug\"}]    | LOG",
        "[\"log\",\"m\",{\"level\":\"error\"}]    | LOG",
        "[\"log\",\"m\",{}]                       | LOG",
        "[\"log\",2]                              | LOG_MALFORMED",
        "[\"log\",\"m\",{\"level\":\"warn\"}]     | LOG_MALFORMED",
        "[\"log\",\"m\",2]                        | LOG_MALFORMED",
        "[\"log\",[1,2],{\"level\":\"debug\"}]    | LOG_MALFORMED",
        "[\"hello\"]                              | UNKNOWN_REQUEST",
        "[]                                       | UNKNOWN_REQUEST",
        "{\"get\":\"s\"}                          | UNKNOWN_REQUEST",
        "42                                       | UNKNOWN_REQUEST",
        "not json                                 | NOT_JSON",
        "[\"get\",\"s\"] trailing                 | NOT_JSON",
    })
    void lines_are_classified_as_couchdb_handles_them(String text, Kind kind) {
        assertThat(classify(text.strip()).kind()).isEqualTo(kind);
    }

    @Test
    void a_get_with_a_number_for_a_section_says_it_crashes_the_daemon_manager() {
        assertThat(classify("[\"get\",1]").why()).contains("crashes CouchDB's daemon manager");
    }

    @Test
    void a_get_of_arrays_is_answered_as_if_nothing_were_configured() {
        assertThat(classify("[\"get\",[\"a\"],[\"b\"]]").why()).contains("answers as if nothing were configured");
    }

    @Test
    void bytes_that_are_no_utf8_make_a_line_that_is_no_json_to_couchdb() {
        // when: the text decodes to JSON, but the bytes were not UTF-8
        DaemonLine line = DaemonLine.classify(0, Instant.EPOCH, "[\"\uFFFD\"]", false, true, false);

        // then
        assertThat(line.kind()).isEqualTo(Kind.NOT_JSON);
        assertThat(line.why()).isEqualTo("not UTF-8");
    }

    @Test
    void output_that_ends_without_a_newline_is_never_a_line_to_couchdb() {
        assertThat(DaemonLine.classify(0, Instant.EPOCH, "[\"get\",\"s\"]", true, false, false).kind())
                .isEqualTo(Kind.UNTERMINATED);
    }

    @Test
    void a_carriage_return_before_the_newline_is_json_whitespace() {
        assertThat(classify("[\"get\",\"s\"]\r").kind()).isEqualTo(Kind.GET_SECTION);
    }
}
