package org.couchtck.reference.queryserver.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReduceLimitTest {

  private static ReduceLimit limit(Object reduceLimit, double threshold, double ratio) {
    return new ReduceLimit(
        QueryConfig.from(
            Map.of("reduce_limit", reduceLimit, "reduce_limit_threshold", threshold,
                "reduce_limit_ratio", ratio)));
  }

  @Test
  void should_overflow_only_when_output_exceeds_threshold_and_input_over_ratio() {
    // given
    ReduceLimit limit = limit(true, 5000, 2.0);

    // then
    assertThat(limit.overflows(6000, 31)).isTrue();
    assertThat(limit.overflows(5000, 31)).as("not above the threshold").isFalse();
    assertThat(limit.overflows(6000, 12000)).as("6000 * 2 is not above 12000").isFalse();
    assertThat(limit.overflows(6000, 11999)).isTrue();
  }

  @Test
  void should_never_overflow_when_threshold_or_ratio_is_missing() {
    // given
    ReduceLimit withoutThreshold = new ReduceLimit(QueryConfig.from(Map.of("reduce_limit", true)));

    // then
    assertThat(withoutThreshold.overflows(1_000_000, 1)).isFalse();
  }

  @Test
  void should_answer_reduce_overflow_error_with_context_when_limit_is_true() {
    // given
    ReduceLimit limit = limit(true, 5000, 2.0);

    // then
    assertThatThrownBy(() -> limit.check("x".repeat(6000), 54, "db/_design/d/_view/v", m -> {}))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isFalse();
              assertThat(e.replyJson())
                  .isEqualTo(
                      "[\"error\",\"reduce_overflow_error\",\"Reduce output must shrink more"
                          + " rapidly: input size: 54 output size: 6000 context:"
                          + " db/_design/d/_view/v\"]");
            });
  }

  @Test
  void should_only_log_when_limit_is_log() throws QueryServerError {
    // given
    ReduceLimit limit = limit("log", 5000, 2.0);
    List<String> logs = new ArrayList<>();

    // when
    limit.check("x".repeat(6000), 31, "", logs::add);

    // then
    assertThat(logs)
        .containsExactly(
            "reduce_overflow_error: Reduce output must shrink more rapidly: input size: 31"
                + " output size: 6000 context: ");
  }
}
