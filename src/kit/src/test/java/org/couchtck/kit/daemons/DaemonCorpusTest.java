package org.couchtck.kit.daemons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.couchtck.kit.cases.FixtureException;
import org.couchtck.kit.cases.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built-in daemon corpus, and the strictness of its loader. */
class DaemonCorpusTest {

    @TempDir
    Path dir;

    @Test
    void the_built_in_corpus_has_every_check_and_a_note_for_every_case() {
        // when
        DaemonCorpus corpus = DaemonCorpus.builtIn();

        // then
        assertThat(corpus.cases()).hasSize(15);
        assertThat(corpus.cases()).extracting(DaemonCase::check).contains(DaemonCheck.values());
        assertThat(corpus.cases()).allSatisfy(c -> {
            assertThat(c.id()).startsWith("daemon." + c.section() + ".");
            assertThat(c.note()).isNotBlank();
        });
        assertThat(corpus.find("daemon.get.slow-reply-survives").orElseThrow().session())
                .isEqualTo(new SessionSpec(SessionSpec.ConfigMode.DEFAULT, Duration.ofMillis(500),
                        DaemonConfig.empty()));
        assertThat(corpus.find("daemon.lifecycle.exits-at-end-of-input").orElseThrow().level())
                .isEqualTo(Level.MUST);
    }

    @Test
    void cases_of_equal_sessions_share_one() {
        // when
        long sessions = DaemonCorpus.builtIn().cases().stream().map(DaemonCase::session).distinct().count();

        // then: the default, the empty config, the slow replies
        assertThat(sessions).isEqualTo(3);
    }

    @Test
    void an_unknown_check_is_a_load_error_naming_file_case_and_pointer() throws IOException {
        // given
        Files.writeString(dir.resolve("x.json"), "{\"section\":\"x\",\"spec\":\"s\",\"cases\":[{\"id\":\"daemon.x.y\","
                + "\"level\":\"MUST\",\"description\":\"d\",\"check\":\"nope\"}]}");

        // when / then
        assertThatThrownBy(() -> DaemonCorpus.load(dir)).isInstanceOf(FixtureException.class)
                .hasMessageContaining("x.json: case daemon.x.y: /cases/0/check: unknown check 'nope' (checks: "
                        + "json-lines,");
    }

    @Test
    void session_settings_are_checked() throws IOException {
        // given
        Files.writeString(dir.resolve("x.json"), "{\"section\":\"x\",\"spec\":\"s\",\"cases\":[{\"id\":\"daemon.x.y\","
                + "\"level\":\"MUST\",\"description\":\"d\",\"check\":\"stays-running\","
                + "\"session\":{\"replyDelay\":-1}}]}");

        // when / then
        assertThatThrownBy(() -> DaemonCorpus.load(dir)).isInstanceOf(FixtureException.class)
                .hasMessageContaining("/cases/0/session/replyDelay: replyDelay is a whole number of milliseconds");
    }

    @Test
    void an_ini_overlay_is_read_into_the_session() throws IOException {
        // given
        Files.writeString(dir.resolve("x.json"), "{\"section\":\"x\",\"spec\":\"s\",\"cases\":[{\"id\":\"daemon.x.y\","
                + "\"level\":\"SHOULD\",\"description\":\"d\",\"check\":\"stays-running\","
                + "\"session\":{\"config\":\"empty\",\"ini\":{\"a\":{\"b\":\"c\"}}}}]}");

        // when
        SessionSpec session = DaemonCorpus.load(dir).cases().get(0).session();

        // then
        assertThat(session.config()).isEqualTo(SessionSpec.ConfigMode.EMPTY);
        assertThat(session.ini().value("a", "b")).contains("c");
    }
}
