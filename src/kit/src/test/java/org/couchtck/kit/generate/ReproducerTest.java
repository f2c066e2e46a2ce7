package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.StepKind;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.cases.TargetProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproducerTest {

    @TempDir
    Path dir;

    @Test
    void should_quote_each_line_for_the_shell_when_printing_the_reproducer() {
        // when
        String command = Reproducer.printf(List.of("[\"reset\"]", "it's"), "my-server --x");

        // then
        assertThat(command).isEqualTo("printf '%s\\n' '[\"reset\"]' 'it'\\''s' | my-server --x");
    }

    @Test
    void should_write_a_fixture_the_corpus_loads_with_the_lines_verbatim() throws Exception {
        // given
        List<String> lines = List.of("[\"reset\",{}]", "[\"map_doc\",{\"a\":-0.0,\"s\":\"\\ud800\u2028\"}]", "[");
        List<Reproducer.Expectation> expectations = List.of(
                new Reproducer.Expectation(true, Optional.of(JsonNodeFactory.instance.booleanNode(true)), false),
                new Reproducer.Expectation(true, Optional.of(JsonNodeFactory.instance.objectNode().put("$ref", 1)),
                        false),
                new Reproducer.Expectation(false, Optional.empty(), true));

        // when
        String text = Reproducer.write(Reproducer.fixture("generated-map", "share/server/views.js",
                "qs.generated-map.differential-shrunk-1f", Level.MUST, "shrunk", "javascript", lines,
                expectations));
        Files.writeString(dir.resolve("generated-map.json"), text);

        // then
        assertThat(text).isASCII();
        Case loaded = Corpus.load(dir).cases().get(0);
        assertThat(loaded.id()).isEqualTo("qs.generated-map.differential-shrunk-1f");
        assertThat(loaded.fresh()).isTrue();
        assertThat(loaded.capabilities()).containsExactly("lang:javascript");
        assertThat(loaded.steps()).extracting(step -> step.kind()).containsOnly(StepKind.RAW);
        StepRenderer renderer = new StepRenderer(new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of()));
        assertThat(loaded.steps()).extracting(step -> renderer.line(step).orElseThrow()).isEqualTo(lines);
        assertThat(loaded.steps().get(2).exit()).isPresent();
        assertThat(loaded.steps().get(1).expect().orElseThrow()
                .match(Optional.of(JsonNodeFactory.instance.objectNode().put("$ref", 1))).matched()).isTrue();
    }
}
