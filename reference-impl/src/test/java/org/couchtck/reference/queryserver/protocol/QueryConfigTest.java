package org.couchtck.reference.queryserver.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueryConfigTest {

  @Test
  void should_read_couchdb_3_5_config_when_all_fields_are_given() {
    // given
    Map<String, Object> json =
        Map.of("reduce_limit", true, "reduce_limit_threshold", 5000d, "reduce_limit_ratio", 2d,
            "timeout", 5000d);

    // when
    QueryConfig config = QueryConfig.from(json);

    // then
    assertThat(config.reduceLimitEnabled()).isTrue();
    assertThat(config.reduceLimitLogsOnly()).isFalse();
    assertThat(config.threshold()).contains(5000d);
    assertThat(config.ratio()).contains(2d);
    assertThat(config.timeout()).contains(Duration.ofMillis(5000));
  }

  @Test
  void should_treat_reduce_limit_by_javascript_truthiness() {
    assertThat(QueryConfig.from(Map.of("reduce_limit", "false")).reduceLimitEnabled()).isTrue();
    assertThat(QueryConfig.from(Map.of("reduce_limit", false)).reduceLimitEnabled()).isFalse();
    assertThat(QueryConfig.from(Map.of("reduce_limit", 0d)).reduceLimitEnabled()).isFalse();
    assertThat(QueryConfig.from(Map.of("reduce_limit", "log")).reduceLimitLogsOnly()).isTrue();
  }

  @Test
  void should_be_empty_when_the_reset_argument_is_not_an_object() {
    // when
    QueryConfig config = QueryConfig.from(null);

    // then
    assertThat(config.reduceLimitEnabled()).isFalse();
    assertThat(config.threshold()).isEmpty();
    assertThat(config.timeout()).isEmpty();
  }

  @Test
  void should_ignore_timeout_when_it_is_not_a_positive_number() {
    assertThat(QueryConfig.from(Map.of("timeout", "5000")).timeout()).isEmpty();
    assertThat(QueryConfig.from(Map.of("timeout", 0d)).timeout()).isEmpty();
  }
}
