package org.couchtck.kit.daemons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** couch_os_daemons:should_halt: max_retries exits within retry_time seconds halt a daemon. */
class HaltingRuleTest {

    private static final Instant T0 = Instant.parse("2018-08-01T00:00:00Z");

    @Test
    void the_third_exit_within_five_seconds_halts_by_default() {
        // given
        HaltingRule rule = HaltingRule.from(DaemonConfig.empty());

        // when / then
        assertThat(rule.exitAt(T0)).isFalse();
        assertThat(rule.exitAt(T0.plusSeconds(2))).isFalse();
        assertThat(rule.exitAt(T0.plusSeconds(5))).isTrue();
    }

    @Test
    void exits_further_apart_than_retry_time_never_halt() {
        // given
        HaltingRule rule = HaltingRule.from(DaemonConfig.empty());

        // when / then: each window of 5 s holds two exits at most
        for (int i = 0; i < 10; i++) {
            assertThat(rule.exitAt(T0.plus(Duration.ofMillis(3000L * i)))).isFalse();
        }
    }

    @Test
    void an_exit_exactly_retry_time_ago_still_counts() {
        // given: =< RetryTime * 1000000 in the Erlang source
        HaltingRule rule = new HaltingRule(2, Duration.ofSeconds(5));

        // when / then
        assertThat(rule.exitAt(T0)).isFalse();
        assertThat(rule.exitAt(T0.plusSeconds(5))).isTrue();
    }

    @Test
    void the_settings_come_from_os_daemon_settings() {
        // when
        HaltingRule rule = HaltingRule.from(DaemonConfig.parse("[os_daemon_settings]\nmax_retries = 1\n"
                + "retry_time = 0\n"));

        // then
        assertThat(rule.maxRetries()).isEqualTo(1);
        assertThat(rule.retryTime()).isZero();
        assertThat(rule.exitAt(T0)).isTrue();
    }

    @Test
    void a_setting_that_is_no_whole_number_is_refused() {
        assertThatThrownBy(() -> HaltingRule.from(DaemonConfig.parse("[os_daemon_settings]\nretry_time = 5s\n")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("[os_daemon_settings] retry_time must be a whole number, not '5s'");
    }
}
