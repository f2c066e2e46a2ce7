package org.couchtck.kit.daemons.external;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.couchtck.kit.daemons.external.MochiwebText.Pair;
import org.junit.jupiter.api.Test;

/** Request parts read as mochiweb 2.17 reads them. */
class MochiwebTextTest {

    private static List<String> texts(List<Pair> pairs) {
        return pairs.stream().map(p -> p.key() + "=" + p.value().textValue()).toList();
    }

    @Test
    void percent_escapes_are_read_from_the_end_and_a_plus_is_a_space() {
        assertThat(MochiwebText.unquote("%%41", "path")).isEqualTo("%A");
        assertThat(MochiwebText.unquote("a+%2B%zz", "path")).isEqualTo("a +%zz");
        assertThat(MochiwebText.unquote("caf%C3%A9", "path")).isEqualTo("café");
    }

    @Test
    void a_query_string_splits_at_ampersands_and_semicolons_and_keeps_empty_values() {
        assertThat(texts(MochiwebText.parseQs("a=1&b;c=x+y&&d=%3D", "query")))
                .containsExactly("a=1", "b=", "c=x y", "=", "d==");
    }

    @Test
    void cookies_skip_dollar_names_and_unquote_values() {
        assertThat(texts(MochiwebText.parseCookie("a=1; $Path=/; b=\"x \\\"y\\\"\", c")))
                .containsExactly("a=1", "b=x \"y\"", "c=");
    }

    @Test
    void path_tokens_drop_empty_parts_before_unquoting() {
        assertThat(MochiwebText.unquotedTokens("//db/a%2Fb//c+d/", "path")).containsExactly("db", "a/b", "c d");
    }
}
