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
}
