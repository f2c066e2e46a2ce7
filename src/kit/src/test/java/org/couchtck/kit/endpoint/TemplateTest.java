package org.couchtck.kit.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Optional;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TemplateTest {

    private final Bindings bindings = new Bindings();

    private static JsonNode json(String text) {
        try {
            return WireJson.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    @BeforeEach
    void bind() {
        bindings.bind("db", JsonNodeFactory.instance.textNode("couchtck-r-1-db"));
        bindings.bind("seq", json("12"));
        bindings.bind("id", JsonNodeFactory.instance.textNode("a b/é"));
        bindings.bind("ids", json("[\"a\",\"b\"]"));
        bindings.bind("doc", json("{\"$gt\": 1}"));
    }

    @Test
    void should_percent_encode_inserted_values_when_filling_a_path() {
        assertThat(Template.path("/{{db}}/{{id}}?since={{seq}}&doc_ids={{ids}}", bindings))
                .isEqualTo("/couchtck-r-1-db/a%20b%2F%C3%A9?since=12&doc_ids=%5B%22a%22%2C%22b%22%5D");
    }

    @Test
    void should_insert_values_as_text_when_filling_a_header() {
        assertThat(Template.text("\"{{seq}}\" {{id}}", bindings)).isEqualTo("\"12\" a b/é");
    }

    @Test
    void should_put_the_value_itself_when_a_body_string_is_exactly_one_variable() {
        // when
        JsonNode body = Template.json(json("{\"since\": \"{{seq}}\", \"ids\": \"{{ids}}\", \"db\": \"x-{{db}}\"}"),
                bindings);

        // then
        assertThatJson(body.toString()).isEqualTo("{\"since\": 12, \"ids\": [\"a\",\"b\"], \"db\": \"x-couchtck-r-1-db\"}");
    }

    @Test
    void should_compare_a_captured_object_literally_when_it_stands_for_a_matcher() {
        // when
        JsonNode spec = Template.matcherSpec(json("{\"doc\": \"{{doc}}\", \"id\": {\"$startsWith\": \"{{id}}\"}}"),
                bindings);

        // then
        assertThatJson(spec.toString()).isEqualTo("{\"doc\": {\"$literal\": {\"$gt\": 1}}, \"id\": {\"$startsWith\": \"a b/é\"}}");
        assertThat(Expected.of(json("{\"doc\": \"{{doc}}\"}")).resolve(bindings)
                .match(Optional.of(json("{\"doc\": {\"$gt\": 1}}"))).matched()).isTrue();
    }

    @Test
    void should_fail_loudly_when_a_variable_is_unbound_at_run_time() {
        assertThatThrownBy(() -> Template.text("/{{nope}}", bindings))
                .isInstanceOf(UnboundVariableException.class)
                .hasMessage("no value bound to {{nope}}");
    }
}
