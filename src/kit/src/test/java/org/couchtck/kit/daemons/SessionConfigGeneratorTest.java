package org.couchtck.kit.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.couchtck.kit.generate.Choices;
import org.junit.jupiter.api.Test;

class SessionConfigGeneratorTest {

    private static final String NAME = "tck_daemon";
    private final SessionConfigGenerator generator = new SessionConfigGenerator(NAME);

    private List<GeneratedSession> sessions(int count) {
        return IntStream.range(0, count).mapToObj(i -> generator.generate(Choices.random(i))).toList();
    }

    @Test
    void should_give_no_ini_text_and_no_delay_when_every_choice_is_zero() {
        // when
        GeneratedSession session = generator.generate(Choices.replay(List.of()));

        // then
        assertThat(session.ini()).isEmpty();
        assertThat(session.replyDelay()).isZero();
    }

    @Test
    void should_give_the_same_session_for_the_same_seed() {
        // when
        GeneratedSession first = generator.generate(Choices.random(42));
        GeneratedSession again = generator.generate(Choices.random(42));

        // then
        assertThat(again).isEqualTo(first);
    }

    @Test
    void should_draw_values_with_unicode_separators_and_length_in_the_daemons_own_section_and_others() {
        // when
        List<GeneratedSession> sessions = sessions(300);
        List<String> ownValues = new ArrayList<>();
        List<String> otherSections = new ArrayList<>();
        for (GeneratedSession session : sessions) {
            DaemonConfig config = DaemonConfig.parse(session.ini());
            ownValues.addAll(config.section(NAME).values());
            config.sectionNames().stream().filter(s -> !s.equals(NAME)).forEach(otherSections::add);
        }

        // then
        assertThat(ownValues).anyMatch(v -> v.chars().anyMatch(c -> c > 127));
        assertThat(ownValues).anyMatch(v -> v.codePoints().anyMatch(Character::isSupplementaryCodePoint));
        assertThat(ownValues).anyMatch(v -> v.contains("="));
        assertThat(ownValues).anyMatch(v -> v.contains(";"));
        assertThat(ownValues).anyMatch(v -> v.strip().contains(" "));
        assertThat(ownValues).anyMatch(v -> v.length() > 1000);
        assertThat(otherSections).isNotEmpty();
        assertThat(sessions).anyMatch(s -> s.replyDelay().compareTo(Duration.ofMillis(100)) > 0);
        assertThat(sessions).allMatch(s -> s.replyDelay().compareTo(Duration.ofMillis(300)) <= 0);
    }

    @Test
    void should_write_a_key_twice_in_some_sessions_the_first_value_counting() {
        // when
        List<GeneratedSession> twice = sessions(300).stream().filter(s -> {
            List<String> keys = s.ini().lines().filter(l -> !l.startsWith("[")).map(l -> l.split(" ?= ?")[0])
                    .toList();
            return keys.size() != keys.stream().distinct().count();
        }).toList();

        // then
        assertThat(twice).isNotEmpty();
    }

    @Test
    void should_leave_the_port_and_the_daemon_settings_as_the_run_has_them() {
        // given
        DaemonConfig base = DaemonConfig.empty().with(NAME, "port", "5999").with("os_daemons", NAME, "cmd")
                .with("os_daemon_settings", "max_retries", "3");

        // when
        List<DaemonConfig> configs = sessions(300).stream().map(s -> base.with(s.spec().ini())).toList();

        // then
        assertThat(configs).allSatisfy(config -> {
            assertThat(config.value(NAME, "port")).contains("5999");
            assertThat(config.section("os_daemons")).containsOnlyKeys(NAME);
            assertThat(config.section("os_daemon_settings")).containsOnlyKeys("max_retries");
        });
    }
}
