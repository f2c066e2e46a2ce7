package org.couchtck.kit.wire;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WireJsonTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void should_write_non_ascii_as_raw_utf8_when_serialising() throws Exception {
        JsonNode value = WireJson.parse("[\"caf\\u00e9\",\"\\ud83d\\ude00\",\"日本\"]");

        String line = WireJson.write(value);

        assertThat(line).isEqualTo("[\"café\",\"😀\",\"日本\"]").doesNotContain("\\u");
    }

    @Test
    void should_write_compactly_and_keep_key_order_when_serialising() throws Exception {
        JsonNode value = WireJson.parse("{ \"z\" : 1 , \"a\" : [ true , null ] , \"m\" : {} }");

        assertThat(WireJson.write(value)).isEqualTo("{\"z\":1,\"a\":[true,null],\"m\":{}}");
    }

    @ParameterizedTest
    @CsvSource({
        "2.0, 2.0",
        "-2.5, -2.5",
        "0.1, 0.1",
        "1e2, 100.0",
        "-0.0, 0.0",
        "0.000001, 0.000001",
        "1e-7, 1e-7",
        "1.5e-7, 1.5e-7",
        "123456789012345678901.0, 123456789012345680000.0",
        "1e21, 1e+21",
        "1.25e22, 1.25e+22",
        "0.30000000000000004, 0.30000000000000004",
        "1.7976931348623157e308, 1.7976931348623157e+308"
    })
    void should_write_doubles_as_couchdb_does_when_serialising(String parsed, String written) throws Exception {
        JsonNode value = WireJson.parse("[" + parsed + "]");

        assertThat(WireJson.write(value)).isEqualTo("[" + written + "]");
    }

    @Test
    void should_keep_integers_as_integers_when_serialising() throws Exception {
        JsonNode value = WireJson.parse("[1,-7,12345678901234567890123]");

        assertThat(WireJson.write(value)).isEqualTo("[1,-7,12345678901234567890123]");
    }

    @Test
    void should_write_doubles_nested_in_objects_the_same_way() {
        ObjectNode doc = NODES.objectNode();
        doc.putArray("values").add(2.0).add(3);
        doc.put("ratio", 2.0);

        assertThat(WireJson.write(doc)).isEqualTo("{\"values\":[2.0,3],\"ratio\":2.0}");
    }

    @Test
    void should_write_big_decimals_as_the_doubles_couchdb_would_see() {
        ArrayNode value = NODES.arrayNode().add(new BigDecimal("2.50")).add(new BigDecimal("1E+3"));

        assertThat(WireJson.write(value)).isEqualTo("[2.5,1000.0]");
    }

    @Test
    void should_reject_nan_when_serialising() {
        ArrayNode value = NODES.arrayNode().add(Double.NaN);

        assertThatThrownBy(() -> WireJson.write(value)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_accept_a_lone_surrogate_escape_when_parsing() throws Exception {
        JsonNode value = WireJson.parse("[\"a\\udc00b\"]");

        assertThat(value.get(0).textValue()).isEqualTo("a\udc00b");
    }

    @Test
    void should_escape_a_lone_surrogate_when_serialising_so_the_line_stays_utf8() throws Exception {
        JsonNode value = WireJson.parse("[\"a\\udc00b\",\"\\ud800\"]");

        String line = WireJson.write(value);

        assertThat(line).isEqualTo("[\"a\\udc00b\",\"\\ud800\"]");
        assertThat(WireJson.parse(line)).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[1] x", "true false", "{} {}", "[1]]", "\"a\" ,"})
    void should_reject_trailing_garbage_when_parsing(String line) {
        assertThatThrownBy(() -> WireJson.parse(line)).isInstanceOf(MalformedLineException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "[1,", "{\"a\":}", "tru", "NaN", "'single'"})
    void should_reject_a_line_that_is_not_one_json_value(String line) {
        assertThatThrownBy(() -> WireJson.parse(line)).isInstanceOf(MalformedLineException.class)
                .hasMessageNotContaining("\n");
    }

    @Test
    void should_accept_surrounding_whitespace_when_parsing() throws Exception {
        assertThatJson(WireJson.parse("  [\"log\",\"x\"] \r").toString()).isEqualTo("[\"log\",\"x\"]");
    }

    @Test
    void should_parse_deeply_nested_values_and_write_them_back() throws Exception {
        String deep = "[".repeat(2000) + "]".repeat(2000);

        assertThat(WireJson.write(WireJson.parse(deep))).isEqualTo(deep);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[\"log\",\"message\"]", "[\"log\",\"\"]", " [ \"log\" , \"spaced\" ] "})
    void should_recognise_a_log_line(String line) throws Exception {
        assertThat(WireJson.isLogLine(WireJson.parse(line))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"[\"log\",1]", "[\"log\",null]", "[\"log\",[\"x\"]]", "[\"log\"]",
        "[\"log\",\"a\",\"b\"]", "[\"LOG\",\"x\"]", "{\"log\":\"x\"}", "\"log\"", "[[\"log\",\"x\"]]", "true"})
    void should_not_take_other_lines_for_log_lines(String line) throws Exception {
        assertThat(WireJson.isLogLine(WireJson.parse(line))).isFalse();
    }

    @Test
    void should_extract_the_message_of_a_log_line_only() {
        assertThat(WireJson.logMessage("[\"log\",\"hello\"]")).contains("hello");
        assertThat(WireJson.logMessage("[\"log\",1]")).isEmpty();
        assertThat(WireJson.logMessage("[\"log\",\"x\"] trailing")).isEmpty();
        assertThat(WireJson.logMessage("[[\"a\",1]]")).isEmpty();
    }

    @Test
    void should_share_one_mapper_with_the_same_number_format() throws Exception {
        assertThat(WireJson.mapper().writeValueAsString(NODES.arrayNode().add(2.0))).isEqualTo("[2.0]");
    }
}
