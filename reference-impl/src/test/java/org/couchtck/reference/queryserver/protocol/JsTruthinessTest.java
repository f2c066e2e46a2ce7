package org.couchtck.reference.queryserver.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsTruthinessTest {

  @Test
  void should_follow_javascript_to_boolean() {
    assertThat(JsTruthiness.isTruthy(null)).isFalse();
    assertThat(JsTruthiness.isTruthy("")).isFalse();
    assertThat(JsTruthiness.isTruthy(0d)).isFalse();
    assertThat(JsTruthiness.isTruthy(Double.NaN)).isFalse();
    assertThat(JsTruthiness.isTruthy("false")).isTrue();
    assertThat(JsTruthiness.isTruthy(List.of())).isTrue();
    assertThat(JsTruthiness.isTruthy(Map.of())).isTrue();
  }

  @Test
  void should_answer_couchjs_type_error_when_an_object_has_its_own_to_string() {
    // given JSON objects whose toString member is not a function: String() of them throws
    List<Object> values = List.of(Map.of("toString", 1d), List.of("a", Map.of("toString", "x")));

    // then
    for (Object value : values) {
      assertThatThrownBy(() -> JsTruthiness.toJsString(value))
          .as(String.valueOf(value))
          .isInstanceOfSatisfying(
              QueryServerError.class,
              e -> {
                assertThat(e.isFatal()).isFalse();
                assertThat(e.replyJson()).isEqualTo("[\"error\",\"TypeError\",{}]");
              });
    }
  }

  @Test
  void should_follow_javascript_to_string() throws QueryServerError {
    assertThat(JsTruthiness.toJsString(null)).isEqualTo("null");
    assertThat(JsTruthiness.toJsString(1d)).isEqualTo("1");
    assertThat(JsTruthiness.toJsString(Arrays.asList(1d, null, "a"))).isEqualTo("1,,a");
    assertThat(JsTruthiness.toJsString(Map.of())).isEqualTo("[object Object]");
  }
}
