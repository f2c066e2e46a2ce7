package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.couchtck.kit.cases.TestCases.fixture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusTest {

    private static final String VALID_CASE = "{\"id\":\"qs.test.ok\",\"level\":\"MUST\",\"description\":\"resets\","
            + "\"transcript\":\"qs.reset.config\",\"transcriptLines\":[1],"
            + "\"capabilities\":[\"couchdb>=3.5.1\"],\"fresh\":true,\"note\":\"why\","
            + "\"steps\":[{\"reset\":true,\"expect\":true},{\"close\":true,\"exit\":{\"$oneOf\":[0,255]}}]}";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private FixtureException loadError(String cases) throws IOException {
        write("test.json", fixture(cases));
        try {
            Corpus.load(dir);
        } catch (FixtureException e) {
            return e;
        }
        throw new AssertionError("the fixture loaded: " + cases);
    }

    private String file() {
        return dir.resolve("test.json").toString();
    }

    @Test
    void should_load_every_field_when_the_fixture_is_valid() throws IOException {
        write("test.json", fixture("[" + VALID_CASE + "]"));

        Corpus corpus = Corpus.load(dir);

        Case c = corpus.find("qs.test.ok").orElseThrow();
        assertThat(c.section()).isEqualTo("test");
        assertThat(c.level()).isEqualTo(Level.MUST);
        assertThat(c.spec()).isEqualTo("share/server/loop.js");
        assertThat(c.transcript()).contains("qs.reset.config");
        assertThat(c.capabilities()).containsExactly("couchdb>=3.5.1");
        assertThat(c.fresh()).isTrue();
        assertThat(c.note()).isEqualTo("why");
        assertThat(c.sourceFile()).isEqualTo(file());
        assertThat(c.steps()).extracting(Step::kind).containsExactly(StepKind.RESET, StepKind.CLOSE);
        assertThat(c.steps().get(0).payload().isObject()).isTrue();
        assertThat(c.steps().get(0).expect()).isPresent();
        assertThat(c.steps().get(1).exit()).isPresent();
        assertThat(corpus.transcriptLines("qs.test.ok"))
                .contains(new TranscriptLines("qs.reset.config", java.util.List.of(1)));
        assertThat(corpus.cases()).hasSize(1);
        assertThat(corpus.find("qs.test.nope")).isEqualTo(Optional.empty());
    }

    @Test
    void should_sort_cases_by_file_then_by_position() throws IOException {
        write("b.json", fixture("[{\"id\":\"qs.test.b1\",\"level\":\"MAY\",\"description\":\"d\",\"steps\":[{\"send\":[\"reset\"]}]}]"));
        write("a.json", fixture("[{\"id\":\"qs.test.a2\",\"level\":\"INFO\",\"description\":\"d\",\"steps\":[{\"send\":[\"reset\"]}]},"
                + "{\"id\":\"qs.test.a1\",\"level\":\"SHOULD\",\"description\":\"d\",\"steps\":[{\"raw\":\"x\"}]}]"));
        write("notes.txt", "ignored");

        assertThat(Corpus.load(dir).cases()).extracting(Case::id).containsExactly("qs.test.a2", "qs.test.a1",
                "qs.test.b1");
    }

    @Test
    void should_name_line_and_column_when_the_json_is_malformed() throws IOException {
        write("test.json", "{\"section\":\"test\",\n \"cases\": [,]}");

        assertThatThrownBy(() -> Corpus.load(dir))
                .isInstanceOf(FixtureException.class)
                .hasMessageStartingWith(file() + ": malformed JSON at line 2, column");
    }

    @Test
    void should_name_the_field_when_a_required_one_is_missing() throws IOException {
        FixtureException e = loadError("[{\"id\":\"qs.test.x\",\"level\":\"MUST\",\"steps\":[{\"raw\":\"x\"}]}]");

        assertThat(e.file()).isEqualTo(file());
        assertThat(e.caseId()).isEqualTo("qs.test.x");
        assertThat(e.pointer()).isEqualTo("/cases/0/description");
        assertThat(e).hasMessage(file() + ": case qs.test.x: /cases/0/description: missing required field "
                + "'description'");
    }

    @Test
    void should_reject_an_unknown_field_when_a_name_is_misspelt() throws IOException {
        FixtureException e = loadError("[{\"id\":\"qs.test.x\",\"level\":\"MUST\",\"description\":\"d\","
                + "\"steps\":[{\"raw\":\"x\",\"expcet\":true}]}]");

        assertThat(e.caseId()).isEqualTo("qs.test.x");
        assertThat(e.pointer()).isEqualTo("/cases/0/steps/0/expcet");
        assertThat(e.getMessage()).startsWith(file() + ": case qs.test.x: /cases/0/steps/0/expcet: unknown field "
                + "'expcet'");
    }

    @Test
    void should_reject_a_level_outside_the_four() throws IOException {
        FixtureException e = loadError("[{\"id\":\"qs.test.x\",\"level\":\"must\",\"description\":\"d\","
                + "\"steps\":[{\"raw\":\"x\"}]}]");

        assertThat(e.pointer()).isEqualTo("/cases/0/level");
        assertThat(e).hasMessage(file() + ": case qs.test.x: /cases/0/level: level must be one of "
                + "[MUST, SHOULD, MAY, INFO], got 'must'");
    }

    @Test
    void should_reject_an_id_with_bad_syntax() throws IOException {
        FixtureException e = loadError("[{\"id\":\"qs.test.Upper\",\"level\":\"MUST\",\"description\":\"d\","
                + "\"steps\":[{\"raw\":\"x\"}]}]");

        assertThat(e.caseId()).isEqualTo("qs.test.Upper");
        assertThat(e.pointer()).isEqualTo("/cases/0/id");
        assertThat(e.getMessage()).contains("id must be qs.<section>.<name>");
    }

    @Test
    void should_reject_an_id_from_another_section() throws IOException {
        FixtureException e = loadError("[{\"id\":\"qs.other.x\",\"level\":\"MUST\",\"description\":\"d\","
                + "\"steps\":[{\"raw\":\"x\"}]}]");

        assertThat(e).hasMessage(file() + ": case qs.other.x: /cases/0/id: the id's section 'other' differs from "
                + "the file's section 'test'");
    }

    @Test
    void should_reject_a_step_with_two_sending_fields() throws IOException {
        FixtureException e = loadError("[{\"id\":\"qs.test.x\",\"level\":\"MUST\",\"description\":\"d\","
                + "\"steps\":[{\"raw\":\"x\"},{\"send\":[\"reset\"],\"reset\":true}]}]");

        assertThat(e.pointer()).isEqualTo("/cases/0/steps/1");
        assertThat(e.getMessage()).endsWith("a step needs exactly one of [send, raw, reset, reduce, rereduce, "
                + "close], found [send, reset]");
    }

    @Test
    void should_reject_a_step_with_no_sending_field() throws IOException {
        FixtureException e = loadError("[{\"id\":\"qs.test.x\",\"level\":\"MUST\",\"description\":\"d\","
                + "\"steps\":[{\"expect\":true}]}]");

        assertThat(e.pointer()).isEqualTo("/cases/0/steps/0");
    }

    @Test
    void should_point_inside_the_matcher_when_it_does_not_compile() throws IOException {
        FixtureException e = loadError("[{\"id\":\"qs.test.x\",\"level\":\"MUST\",\"description\":\"d\","
                + "\"steps\":[{\"raw\":\"x\",\"expect\":[\"error\",{\"$startWith\":\"a\"}]}]}]");

        assertThat(e.pointer()).isEqualTo("/cases/0/steps/0/expect/1/$startWith");
        assertThat(e).hasMessage(file() + ": case qs.test.x: /cases/0/steps/0/expect/1/$startWith: unknown "
                + "matcher $startWith");
    }

    @Test
    void should_reject_a_duplicate_id_across_files() throws IOException {
        String one = "[{\"id\":\"qs.test.same\",\"level\":\"MUST\",\"description\":\"d\",\"steps\":[{\"raw\":\"x\"}]}]";
        write("a.json", fixture(one));
        write("b.json", fixture(one));

        assertThatThrownBy(() -> Corpus.load(dir))
                .isInstanceOf(FixtureException.class)
                .hasMessage(dir.resolve("b.json") + ": case qs.test.same: /cases/0/id: duplicate id, already defined "
                        + "in " + dir.resolve("a.json"));
    }

    @Test
    void should_reject_malformed_step_values() throws IOException {
        String prefix = "[{\"id\":\"qs.test.x\",\"level\":\"MUST\",\"description\":\"d\",\"steps\":[";
        assertThat(loadError(prefix + "{\"raw\":\"a\\nb\"}]}]").pointer()).isEqualTo("/cases/0/steps/0/raw");
        assertThat(loadError(prefix + "{\"reset\":false}]}]").pointer()).isEqualTo("/cases/0/steps/0/reset");
        assertThat(loadError(prefix + "{\"reduce\":{\"funs\":[1],\"kvs\":[]}}]}]").pointer())
                .isEqualTo("/cases/0/steps/0/reduce/funs/0");
        assertThat(loadError(prefix + "{\"rereduce\":{\"funs\":[],\"kvs\":[]}}]}]").pointer())
                .isEqualTo("/cases/0/steps/0/rereduce/kvs");
        assertThat(loadError(prefix + "{\"send\":[\"add_fun\",{\"$fn\":{\"javascript\":1}}]}]}]").pointer())
                .isEqualTo("/cases/0/steps/0/send/1/$fn/javascript");
        assertThat(loadError(prefix + "{\"close\":true,\"expect\":true}]}]").pointer())
                .isEqualTo("/cases/0/steps/0/expect");
        assertThat(loadError(prefix + "{\"close\":true},{\"raw\":\"x\"}]}]").pointer())
                .isEqualTo("/cases/0/steps/1");
        assertThat(loadError(prefix + "{\"raw\":\"x\",\"exit\":false}]}]").pointer())
                .isEqualTo("/cases/0/steps/0/exit");
        assertThat(loadError(prefix + "{\"raw\":\"x\",\"timeout\":0}]}]").pointer())
                .isEqualTo("/cases/0/steps/0/timeout");
    }

    @Test
    void should_reject_bad_capabilities_and_transcript_lines() throws IOException {
        String head = "[{\"id\":\"qs.test.x\",\"level\":\"MUST\",\"description\":\"d\",\"steps\":[{\"raw\":\"x\"}],";
        assertThat(loadError(head + "\"capabilities\":[\"couchdb>=three\"]}]").pointer())
                .isEqualTo("/cases/0/capabilities/0");
        assertThat(loadError(head + "\"transcriptLines\":[1]}]").getMessage()).endsWith("transcriptLines needs "
                + "transcript");
        assertThat(loadError(head + "\"transcript\":\"qs.test.s\",\"transcriptLines\":[1,2]}]").getMessage())
                .endsWith("lists 2 lines for 1 sending steps");
        assertThat(loadError(head + "\"transcript\":\"qs.test.s\",\"transcriptLines\":[0]}]").pointer())
                .isEqualTo("/cases/0/transcriptLines/0");
    }

    @Test
    void should_reject_a_missing_folder() {
        assertThatThrownBy(() -> Corpus.load(dir.resolve("nope")))
                .isInstanceOf(FixtureException.class)
                .hasMessageEndingWith("not a folder of fixture files");
    }
}
