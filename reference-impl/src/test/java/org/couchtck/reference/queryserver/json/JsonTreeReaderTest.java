package org.couchtck.reference.queryserver.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTreeReaderTest {

  @SuppressWarnings("unchecked")
  private static List<Object> asList(Object value) {
    return (List<Object>) value;
  }

  @Test
  void should_keep_negative_zero_when_reading_minus_zero_spellings() {
    // given
    String json = "[-0, -0.0]";

    // when
    List<?> values = (List<?>) JsonTreeReader.parse(json);

    // then
    assertThat(values).allSatisfy(v -> assertThat(1 / (Double) v).isEqualTo(Double.NEGATIVE_INFINITY));
  }

  @Test
  void should_round_like_javascript_when_integers_exceed_double_precision() {
    // given
    String json = "[9007199254740993, 12345678901234567890, 1e400]";

    // when
    List<Object> values = asList(JsonTreeReader.parse(json));

    // then
    assertThat(values).containsExactly((Object) 9007199254740992d, 12345678901234567890d, Double.POSITIVE_INFINITY);
  }

  @Test
  void should_keep_key_order_and_last_value_when_a_key_repeats() {
    // given
    String json = "{\"b\":1,\"a\":2,\"b\":3}";

    // when
    @SuppressWarnings("unchecked")
    Map<String, Object> object = (Map<String, Object>) JsonTreeReader.parse(json);

    // then
    assertThat(object.keySet()).containsExactly("a", "b");
    assertThat(object.get("b")).isEqualTo(3d);
  }

  @Test
  void should_decode_lone_surrogate_escapes_when_reading_strings() {
    // given
    String json = "\"a\\udc00b\"";

    // when
    Object value = JsonTreeReader.parse(json);

    // then
    assertThat(value).isEqualTo("a\udc00b");
  }

  @Test
  void should_accept_surrounding_whitespace_including_a_trailing_cr() {
    assertThat(JsonTreeReader.parse(" [\"reset\"] \r")).isEqualTo(List.of("reset"));
  }

  @Test
  void should_reject_text_after_the_value() {
    assertThatThrownBy(() -> JsonTreeReader.parse("[\"reset\"] trailing"))
        .isInstanceOf(JsonSyntaxException.class);
  }

  @Test
  void should_reject_blank_and_truncated_input() {
    assertThatThrownBy(() -> JsonTreeReader.parse("   ")).isInstanceOf(JsonSyntaxException.class);
    assertThatThrownBy(() -> JsonTreeReader.parse("[\"map_doc\",{\"_id\":\"x\""))
        .isInstanceOf(JsonSyntaxException.class);
  }

  @Test
  void should_read_deep_nesting_without_recursion() {
    // given
    String json = "[".repeat(5000) + "]".repeat(5000);

    // when
    Object value = JsonTreeReader.parse(json);

    // then
    assertThat(value).isInstanceOf(List.class);
  }

  @Test
  void should_keep_lone_surrogates_in_keys_as_javascript_strings_do() {
    // given: an escaped low surrogate, an escaped high surrogate and a raw one, as keys
    String json = "{\"\\udc00k\":1,\"\\ud800\":2,\"r\ud800\":3,\"\\ud83d\\ude00\":4}";

    // when
    @SuppressWarnings("unchecked")
    Map<String, Object> object = (Map<String, Object>) JsonTreeReader.parse(json);

    // then
    assertThat(object.keySet()).containsExactly("\udc00k", "\ud800", "r\ud800", "\ud83d\ude00");
  }

  @Test
  void should_decode_every_escape() {
    assertThat(JsonTreeReader.parse("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\""))
        .isEqualTo("\"\\/\b\f\n\r\t\u00e9");
  }

  @Test
  void should_read_every_kind_of_value_in_nested_containers() {
    assertThat(JsonTreeReader.parse(" { \"a\" : [ 1 , -2.5e1 , true , false , null , { } , [ ] ] } "))
        .isEqualTo(Map.of("a", java.util.Arrays.asList(1d, -25d, true, false, null, Map.of(), List.of())));
  }

  @Test
  void should_reject_what_javascript_json_parse_rejects() {
    for (String bad : List.of("01", "[1,]", "{\"a\":1,}", "{a:1}", "'x'", "\"tab\there\"", "\"\\x\"",
        "\"\\u12\"", "-", "1.", "1e", "NaN", "[1 2]", "{\"a\" 1}", "tru", "\"open")) {
      assertThatThrownBy(() -> JsonTreeReader.parse(bad))
          .as(bad)
          .isInstanceOf(JsonSyntaxException.class);
    }
  }
}
