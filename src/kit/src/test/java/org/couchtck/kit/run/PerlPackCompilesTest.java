package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.SoftAssertions;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.cases.FunctionPack;
import org.couchtck.kit.process.ChildProcesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The perl pack against a real, independent Perl view server: CouchDB::View::Server (CPAN CouchDB-View 0.003,
 * 2008), kept in the shared folder's third-party/perl-couchdb-view (never copied into the project). It runs only
 * reset, add_fun and map_doc, so its genuine deviations (no ddoc, add_lib, reduce, rereduce or search commands, no
 * log, CouchDB 0.8's error object, row sets of dying map functions left out) are listed with reasons in the
 * committed baseline reports/baselines/perl-couchdb-view.json. The sources it cannot run (reduce, every design-document
 * kind, modules, search indexes) are at least compiled by Perl itself, as a server of the pack's conventions would.
 */
@Timeout(600)
class PerlPackCompilesTest {

    /** The perl of the launcher (Debian's, with JSON::PP in its core library). */
    private static final Path PERL = Path.of("/usr/bin/perl");

    private static final Duration PERL_TIME_LIMIT = Duration.ofSeconds(60);

    /** The sources whose catalogue statements say they do not compile, or are not a function. */
    private static final Set<String> NOT_A_FUNCTION = Set.of("map.non-function-expression",
            "map.non-function-expression.2", "map.non-function-expression.3", "map.non-function-expression.4",
            "map.non-function-expression.5", "map.non-function-expression.6", "map.error-does-not-end-session",
            "module.accepted.bad", "show.unknown-ddoc-command.bad", "show.unknown-ddoc-command.notfn",
            "show.function-syntax-error", "reduce.compile-error");

    private static final ObjectMapper JSON = new ObjectMapper();

    @AfterEach
    void no_child_process_outlives_a_test() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void every_perl_source_compiles_to_a_code_ref_unless_its_statement_says_it_must_not(@TempDir Path dir)
            throws IOException, InterruptedException {
        // given
        FunctionLibrary library = FunctionLibrary.builtIn();
        FunctionPack pack = library.pack("perl").orElseThrow();
        ArrayNode manifest = JSON.createArrayNode();
        pack.sources().forEach((id, source) -> manifest.addObject().put("id", id)
                .put("kind", library.function(id).orElseThrow().kind()).put("source", source));

        // when
        Map<String, JsonNode> outcomes = compileWithPerl(manifest, dir);

        // then
        assertThat(outcomes.keySet()).as("sources perl reported on")
                .containsExactlyInAnyOrderElementsOf(pack.sources().keySet());
        SoftAssertions softly = new SoftAssertions();
        outcomes.forEach((id, outcome) -> {
            String what = outcome.path("outcome").asText();
            String detail = outcome.path("detail").asText();
            if (NOT_A_FUNCTION.contains(id)) {
                softly.assertThat(what).as("%s must not compile to a code ref (%s)", id, detail)
                        .isNotEqualTo("code");
            } else {
                softly.assertThat(what).as("%s must compile to a code ref without warnings: %s", id, detail)
                        .isEqualTo("code");
            }
        });
        softly.assertAll();
    }

    /** Runs perl-pack-compile.pl once over every source; its outcome per function id. */
    private static Map<String, JsonNode> compileWithPerl(ArrayNode manifest, Path dir)
            throws IOException, InterruptedException {
        assertThat(Files.isExecutable(PERL)).as(PERL + " (run ../shared/third-party/install.sh perl-couchdb-view)")
                .isTrue();
        Path script = dir.resolve("perl-pack-compile.pl");
        try (InputStream in = PerlPackCompilesTest.class.getResourceAsStream("perl-pack-compile.pl")) {
            assertThat(in).as("perl-pack-compile.pl on the test class path").isNotNull();
            Files.copy(in, script);
        }
        Path input = dir.resolve("sources.json");
        JSON.writeValue(input.toFile(), manifest);
        Path out = dir.resolve("out.jsonl");
        Path err = dir.resolve("err.txt");
        Process perl = new ProcessBuilder(PERL.toString(), script.toString(), input.toString())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            boolean exited = perl.waitFor(PERL_TIME_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(exited).as("perl finished within " + PERL_TIME_LIMIT).isTrue();
        } finally {
            if (perl.isAlive()) {
                perl.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(perl.exitValue()).as("perl's exit status; stderr: " + stderr).isZero();
        Map<String, JsonNode> outcomes = new LinkedHashMap<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            JsonNode outcome = JSON.readTree(line);
            outcomes.put(outcome.path("id").asText(), outcome);
        }
        return outcomes;
    }
}
