package org.couchtck.reference.ken;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KenConfigTest {

    @Test
    void should_have_couchdbs_defaults_when_nothing_is_configured() {
        // given an empty [ken] section, as recorded from CouchDB 3.5.2
        Map<String, String> ken = Map.of();

        // when
        KenConfig config = KenConfig.fromConfig(ken);

        // then
        assertThat(config).isEqualTo(KenConfig.defaults());
        assertThat(config.batchChannels()).isEqualTo(20);
        assertThat(config.incrementalChannels()).isEqualTo(80);
        assertThat(config.totalChannels()).isEqualTo(100);
        assertThat(config.maxIncrementalUpdates()).isEqualTo(1000);
        assertThat(config.delayMillis()).isEqualTo(5000);
        assertThat(config.batchSize()).isEqualTo(1);
        assertThat(config.pruneIntervalMillis()).isEqualTo(60_000);
        assertThat(config.ignoredDbs()).isEmpty();
    }

    @Test
    void should_read_the_ken_section_when_values_are_set() {
        // given
        Map<String, String> ken = Map.of("batch_channels", "3", "incremental_channels", "4",
                "max_incremental_updates", "50");

        // when
        KenConfig config = KenConfig.fromConfig(ken);

        // then
        assertThat(config.batchChannels()).isEqualTo(3);
        assertThat(config.incrementalChannels()).isEqualTo(4);
        assertThat(config.maxIncrementalUpdates()).isEqualTo(50);
        assertThat(config.delayMillis()).isEqualTo(5000);
    }

    @Test
    void should_keep_the_default_when_a_value_is_not_a_whole_number() {
        // when
        KenConfig config = KenConfig.fromConfig(Map.of("batch_channels", "many", "incremental_channels", "-1"));

        // then
        assertThat(config.batchChannels()).isEqualTo(20);
        assertThat(config.incrementalChannels()).isEqualTo(80);
    }

    @Test
    void should_ignore_only_dbs_set_to_true_when_ken_ignore_is_read() {
        // when
        KenConfig config = KenConfig.fromConfig(Map.of(), Map.of("a", "true", "b", "false", "c", "TRUE"));

        // then
        assertThat(config.ignoredDbs()).isEqualTo(Set.of("a"));
        assertThat(config.ignores("a")).isTrue();
        assertThat(config.ignores("b")).isFalse();
    }

    @Test
    void should_reject_a_zero_batch_size_when_built_by_hand() {
        assertThatThrownBy(() -> new KenConfig(1, 1, 1, 0, 0, 1, Set.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
