package org.couchtck.kit.daemons.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.couchtck.kit.cases.FixtureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built-in _external corpus, and the strictness of its loader. */
class ExternalCorpusTest {

    @TempDir
    Path dir;

    private void write(String cases) throws IOException {
        Files.writeString(dir.resolve("x.json"), "{\"section\":\"x\",\"spec\":\"s\",\"cases\":[" + cases + "]}");
    }

    @Test
    void the_built_in_corpus_loads_with_a_note_for_every_case() {
        // when
        ExternalCorpus corpus = ExternalCorpus.builtIn();

        // then
        assertThat(corpus.cases()).hasSize(25);
        assertThat(corpus.cases()).allSatisfy(c -> assertThat(c.note()).isNotBlank());
        assertThat(corpus.find("external.requests.large-body").orElseThrow().steps().get(0))
                .isInstanceOfSatisfying(ExternalStep.Request.class,
                        r -> assertThat(r.request().body()).hasValueSatisfying(b -> assertThat(b).hasSize(1 << 20)));
        assertThat(corpus.find("external.robustness.after-bad-line").orElseThrow().spoilsProcess()).isTrue();
    }

    @Test
    void a_request_couchdb_would_answer_itself_is_a_load_error() throws IOException {
        // given
        write("{\"id\":\"external.x.y\",\"level\":\"MUST\",\"description\":\"d\",\"steps\":[{\"request\":"
                + "{\"path\":\"/db/_external/x?key=nope\"}}]}");

        // when / then
        assertThatThrownBy(() -> ExternalCorpus.load(dir)).isInstanceOf(FixtureException.class)
                .hasMessageContaining("case external.x.y: /cases/0/steps/0/request: CouchDB answers 400 itself");
    }

    @Test
    void close_must_be_the_last_step() throws IOException {
        // given
        write("{\"id\":\"external.x.y\",\"level\":\"MUST\",\"description\":\"d\",\"steps\":[{\"close\":true},"
                + "{\"raw\":\"x\"}]}");

        // when / then
        assertThatThrownBy(() -> ExternalCorpus.load(dir)).isInstanceOf(FixtureException.class)
                .hasMessageContaining("/cases/0/steps/0: close must be the last step");
    }

    @Test
    void an_unknown_request_field_is_a_load_error() throws IOException {
        // given
        write("{\"id\":\"external.x.y\",\"level\":\"MUST\",\"description\":\"d\",\"steps\":[{\"request\":"
                + "{\"path\":\"/db/_external/x\",\"qeury\":\"a=1\"}}]}");

        // when / then
        assertThatThrownBy(() -> ExternalCorpus.load(dir)).isInstanceOf(FixtureException.class)
                .hasMessageContaining("/cases/0/steps/0/request/qeury: unknown field 'qeury'");
    }
}
