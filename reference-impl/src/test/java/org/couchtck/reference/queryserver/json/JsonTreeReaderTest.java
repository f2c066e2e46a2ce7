package org.couchtck.reference.queryserver.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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
  void should_read_every_short_decimal_as_the_nearest_double() {
    // given: decimals of 1 to 17 digits with the point anywhere, and a few known hard cases
    SplittableRandom random = new SplittableRandom(5);
    List<String> numbers = new ArrayList<>(List.of("203.172", "0.1", "0.3", "-0.0", "1.7976931348623157",
        "9007199254740.993", "123456789012.345", "0.000000000000001", "4.35", "2.675", "1.005"));
    for (int i = 0; i < 200_000; i++) {
      int digits = 1 + random.nextInt(17);
      StringBuilder number = new StringBuilder(random.nextBoolean() ? "-" : "");
      int point = random.nextInt(digits); // 0: no point
      int integerDigits = point == 0 ? digits : point;
      for (int d = 0; d < digits; d++) {
        if (d == point && d > 0) {
          number.append('.');
        }
        number.append(d == 0 && integerDigits > 1 ? (char) ('1' + random.nextInt(9)) : (char) ('0' + random.nextInt(10)));
      }
      numbers.add(number.toString());
    }

    // when
    List<Object> values = asList(JsonTreeReader.parse("[" + String.join(",", numbers) + "]"));

    // then: bit for bit what Java's general parser (the nearest double) gives
    for (int i = 0; i < numbers.size(); i++) {
      assertThat(Double.doubleToRawLongBits((Double) values.get(i)))
          .as(numbers.get(i))
          .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(numbers.get(i))));
    }
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
