package org.couchtck.reference.queryserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class QueryServerOptionsTest {

  @Test
  void should_default_to_couchdb_os_process_timeout() {
    assertThat(QueryServerOptions.defaults().timeout()).isEqualTo(Duration.ofMillis(5000));
  }

  @Test
  void should_reject_non_positive_settings() {
    assertThatThrownBy(() -> new QueryServerOptions(Duration.ZERO, 10))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new QueryServerOptions(Duration.ofSeconds(1), 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
