package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StdioServerOptionsTest {

    @Test
    void should_use_couchdb_timeout_and_sixteen_mebibyte_lines_by_default() {
        StdioServerOptions defaults = StdioServerOptions.defaults();

        assertThat(defaults.defaultTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(defaults.maxLineBytes()).isEqualTo(16 * 1024 * 1024);
        assertThat(defaults.environment()).isEmpty();
        assertThat(defaults.workingDirectory()).isEqualTo(Path.of(System.getProperty("user.dir")));
    }

    @Test
    void should_copy_the_environment_so_later_changes_do_not_leak_in() {
        Map<String, String> environment = new HashMap<>(Map.of("A", "1"));
        StdioServerOptions options = new StdioServerOptions(Duration.ofSeconds(1), Duration.ofSeconds(1), 10, environment, Path.of("."));

        environment.put("B", "2");

        assertThat(options.environment()).containsOnlyKeys("A");
    }

    @Test
    void should_refuse_a_timeout_or_cap_that_is_not_positive() {
        assertThatThrownBy(() -> StdioServerOptions.defaults().withDefaultTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StdioServerOptions.defaults().withMaxLineBytes(0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_change_one_field_when_using_a_with_method() {
        StdioServerOptions options = StdioServerOptions.defaults().withDefaultTimeout(Duration.ofMillis(300))
                .withMaxLineBytes(1024);

        assertThat(options.defaultTimeout()).isEqualTo(Duration.ofMillis(300));
        assertThat(options.maxLineBytes()).isEqualTo(1024);
    }
}
