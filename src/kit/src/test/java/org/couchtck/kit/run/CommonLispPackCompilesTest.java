package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.process.ChildProcesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The common-lisp pack against a real, independent Common Lisp view server: chillax's (zkat/chillax on SBCL), kept
 * in the shared folder's third-party/ (never copied into the project; {@code install.sh} there builds its image).
 * chillax predates CouchDB's design-document commands, so its genuine deviations (no ddoc, no add_lib, the
 * 4-element reduce refused, rows in reverse emit order, errors as objects, ...) are listed with reasons in the
 * committed baseline reports/baselines/chillax.json; everything else must pass. The sources chillax cannot run are at
 * least read and compiled by SBCL as chillax would compile them.
 */
@Timeout(600)
class CommonLispPackCompilesTest {

    /** The pack's sources that must not compile: each is, by its statement, a syntax error or not a function. */
    private static final Set<String> NOT_COMPILING = Set.of("map.non-function-expression",
            "map.non-function-expression.2", "map.non-function-expression.3", "map.non-function-expression.4",
            "map.non-function-expression.5", "map.non-function-expression.6", "map.error-does-not-end-session",
            "reduce.compile-error", "show.unknown-ddoc-command.bad", "show.unknown-ddoc-command.notfn",
            "show.function-syntax-error", "module.accepted.bad");

    private static final long SBCL_LIMIT_SECONDS = 120;

    @TempDir
    Path dir;

    @AfterEach
    void no_child_process_outlives_a_test() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void every_source_of_the_pack_compiles_with_sbcl_as_chillax_compiles_it_but_those_meant_not_to()
            throws IOException, InterruptedException {
        // given
        Path pack = ProjectFiles.root().resolve("fixtures/functions/common-lisp.json");
        Path chillax = ProjectFiles.shared().resolve("third-party/chillax");
        Path script = dir.resolve("chillax-compile-check.lisp");
        try (InputStream in = CommonLispPackCompilesTest.class.getResourceAsStream("chillax-compile-check.lisp")) {
            assertThat(in).as("test resource chillax-compile-check.lisp").isNotNull();
            Files.copy(in, script);
        }

        // when
        Map<String, String> verdicts = compileCheck(script, chillax, pack);

        // then
        assertThat(verdicts).as("one verdict per source of " + pack).hasSize(functionCount(pack));
        Map<String, String> unexpected = verdicts.entrySet().stream()
                .filter(e -> !e.getValue().startsWith(NOT_COMPILING.contains(e.getKey()) ? "BROKEN" : "OK"))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertThat(unexpected).as("sources whose compilation is not as meant (function id -> what SBCL said)")
                .isEmpty();
    }

    /** Runs the check script in one SBCL process: function id -> "OK", "BROKEN why" or "WARNED what". */
    private Map<String, String> compileCheck(Path script, Path chillax, Path pack)
            throws IOException, InterruptedException {
        Path output = dir.resolve("sbcl.out");
        Process sbcl;
        try {
            sbcl = new ProcessBuilder("sbcl", "--script", script.toString(), chillax.toAbsolutePath() + "/",
                    pack.toAbsolutePath().toString())
                    .redirectErrorStream(true).redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        } catch (IOException e) {
            throw new AssertionError("sbcl could not be started (run ../shared/third-party/install.sh chillax)", e);
        }
        try {
            assertThat(sbcl.waitFor(SBCL_LIMIT_SECONDS, TimeUnit.SECONDS))
                    .as("sbcl finished within " + SBCL_LIMIT_SECONDS + " s").isTrue();
        } finally {
            sbcl.destroyForcibly();
            sbcl.waitFor(10, TimeUnit.SECONDS);
        }
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
        assertThat(sbcl.exitValue()).as(() -> "sbcl's exit status; its output:\n" + String.join("\n", lines))
                .isZero();
        assertThat(lines).as("sbcl's output").contains("DONE " + functionCount(pack));
        Map<String, String> verdicts = new LinkedHashMap<>();
        for (String line : lines) {
            String[] parts = line.split(" ", 3);
            if (parts.length >= 2 && Set.of("OK", "BROKEN", "WARNED").contains(parts[0])) {
                verdicts.put(parts[1], parts.length == 3 ? parts[0] + " " + parts[2] : parts[0]);
            }
        }
        return verdicts;
    }

    /** How many sources the pack holds, as the kit reads it. */
    private static int functionCount(Path pack) {
        return FunctionLibrary.builtIn().withPack(pack).pack("common-lisp").orElseThrow().sources().size();
    }
}
