package org.couchtck.reference.erlang;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.couchtck.reference.erlang.ErlangTermFormatter.Tuple;
import org.junit.jupiter.api.Test;

class ErlangTermFormatterTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void should_write_binaries_as_bytes_when_formatting_with_w() throws Exception {
        assertThat(ErlangTermFormatter.write(json("\"ab\""))).isEqualTo("<<97,98>>");
        assertThat(ErlangTermFormatter.write(json("\"\""))).isEqualTo("<<>>");
        assertThat(ErlangTermFormatter.write(json("\"\u00e9\""))).isEqualTo("<<195,169>>");
    }

    @Test
    void should_write_json_as_ejson_terms_when_formatting_with_w() throws Exception {
        assertThat(ErlangTermFormatter.write(json("{\"a\":[1,true,null],\"b\":{}}")))
                .isEqualTo("{[{<<97>>,[1,true,null]},{<<98>>,{[]}}]}");
        assertThat(ErlangTermFormatter.write(json("[97,98]"))).isEqualTo("[97,98]");
        assertThat(ErlangTermFormatter.write(json("-123456789012345678901234567890")))
                .isEqualTo("-123456789012345678901234567890");
    }

    @Test
    void should_print_printable_binaries_and_lists_as_text_when_formatting_with_p() throws Exception {
        assertThat(ErlangTermFormatter.print(json("\"x\\\"y\\n\""), 0)).isEqualTo("<<\"x\\\"y\\n\">>");
        assertThat(ErlangTermFormatter.print(json("\"\\u0001\""), 0)).isEqualTo("<<1>>");
        assertThat(ErlangTermFormatter.print(json("[97,98]"), 0)).isEqualTo("\"ab\"");
        assertThat(ErlangTermFormatter.print(json("[1,2]"), 0)).isEqualTo("[1,2]");
    }

    @Test
    void should_keep_a_term_on_one_line_when_it_fits_the_80_column_line() throws Exception {
        // when: 31 characters from column 46, as in the recorded "missing required field min" reason
        String printed = ErlangTermFormatter.print(Tuple.of(json("\"abcdefghijklmnopqrstuvw\"")), 46);

        // then
        assertThat(printed).isEqualTo("{<<\"abcdefghijklmnopqrstuvw\">>}").hasSize(31);
    }

    @Test
    void should_put_each_element_on_its_own_line_when_the_term_does_not_fit() throws Exception {
        // when
        String printed = ErlangTermFormatter.print(List.of(Tuple.of(json("1"), json("2")), Tuple.of(json("3"))), 70);

        // then: aligned after the opening bracket
        assertThat(printed).isEqualTo("[{1,2},\n" + " ".repeat(71) + "{3}]");
    }

    @Test
    void should_give_bytes_as_characters_when_converting_a_byte_list_to_binary() throws Exception {
        assertThat(ErlangTermFormatter.toBinary(json("[1,2]"))).isEqualTo("\u0001\u0002");
        assertThat(ErlangTermFormatter.toBinary(json("2"))).isEqualTo("2");
        assertThat(ErlangTermFormatter.toBinary(json("[1,300]"))).isEqualTo("[1,300]");
    }

    @Test
    void should_write_floats_with_a_fraction_or_an_exponent_when_formatting() throws Exception {
        assertThat(ErlangTermFormatter.write(json("2.5"))).isEqualTo("2.5");
        assertThat(ErlangTermFormatter.write(json("1.0"))).isEqualTo("1.0");
        assertThat(ErlangTermFormatter.write(json("1e21"))).isEqualTo("1.0e21");
        assertThat(ErlangTermFormatter.write(json("-1.5e-7"))).isEqualTo("-1.5e-7");
    }

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }
}
