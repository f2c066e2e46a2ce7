package org.couchtck.reference.erlang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Config values read as couch_util:parse_term reads them. */
class ErlangTermParserTest {

    @Test
    void should_read_a_handler_tuple_with_a_binary_argument() {
        Object term = ErlangTermParser.parse("{couch_httpd_proxy, handle_proxy_req, <<\"http://127.0.0.1:5985/\">>}");

        assertThat(term).isEqualTo(ErlangTermFormatter.Tuple.of("couch_httpd_proxy", "handle_proxy_req",
                TextNode.valueOf("http://127.0.0.1:5985/")));
    }

    @Test
    void should_read_whatever_whitespace_and_comments_stand_between_the_tokens() {
        Object term = ErlangTermParser.parse("\n\t{ couch_httpd_external ,handle_external_req,<< \"act\" >> } % why\n");

        assertThat(term).isEqualTo(ErlangTermFormatter.Tuple.of("couch_httpd_external", "handle_external_req",
                TextNode.valueOf("act")));
    }

    @Test
    void should_read_a_string_as_a_list_of_character_codes_and_give_its_characters_back() {
        Object term = ErlangTermParser.parse("\"a\\nb\"");

        assertThat(term).isInstanceOf(List.class);
        assertThat(ErlangTermParser.chars(term)).contains("a\nb");
        assertThat(ErlangTermFormatter.print(term, 0)).isEqualTo("\"a\\nb\"");
    }

    @Test
    void should_read_quoted_atoms_integers_characters_lists_and_concatenated_binaries() {
        Object term = ErlangTermParser.parse("['Quoted atom', -42, $a, <<\"ab\", 99>>, {}, []]");

        assertThat(term).isInstanceOfSatisfying(List.class, list -> assertThat(list).element(0)
                .isEqualTo("Quoted atom"));
        assertThat(ErlangTermFormatter.write(term)).isEqualTo("[Quoted atom,-42,97,<<97,98,99>>,{},[]]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{a, b", "{a, b}.", "{a, b} c", "{Var, b}", "{end, b}", "{a, 1.5}", "<<\"x\"", "{a,,b}"})
    void should_refuse_what_is_not_exactly_one_term(String text) {
        assertThatThrownBy(() -> ErlangTermParser.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }
}
