package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.cases.CatalogueFunction;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.cases.FunctionPack;
import org.couchtck.kit.process.ChildProcesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The php pack against a real, independent PHP view server: Elephant on Couch's eoc-server, kept in the shared
 * folder's third-party/ (never copied into the project). It runs only map and reduce functions; its genuine
 * deviations (no design-document commands, no add_lib, no search, no log, add_fun that never refuses, a process
 * that ends on any throwing function, document arrays turned into objects, no reduce_limit) are listed with reasons
 * in the committed baseline reports/baselines/eoc-server.json. The sources of the kinds it cannot run are at least
 * checked by PHP's own linter.
 */
@Timeout(600)
class PhpPackCompilesTest {

    /** The sources written not to compile: the catalogue asks for a syntax error (or, in PHP, for no value at all). */
    private static final Set<String> WRITTEN_NOT_TO_COMPILE = Set.of("map.error-does-not-end-session",
            "map.non-function-expression.6", "module.accepted.bad", "reduce.compile-error",
            "show.function-syntax-error", "show.unknown-ddoc-command.bad");

    @AfterEach
    void no_child_process_outlives_a_run() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void every_php_source_passes_php_lint_but_those_written_not_to_compile(@TempDir Path dir)
            throws IOException, InterruptedException {
        // given
        FunctionLibrary library = FunctionLibrary.builtIn();
        FunctionPack pack = library.pack("php").orElseThrow();
        assertThat(pack.sources()).containsKeys(WRITTEN_NOT_TO_COMPILE.toArray(String[]::new));

        // when
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> source : pack.sources().entrySet()) {
            String id = source.getKey();
            CatalogueFunction function = library.function(id).orElseThrow();
            Lint lint = lint(dir, id, function.kind(), source.getValue());
            boolean compiles = lint.status() == 0;
            if (compiles == WRITTEN_NOT_TO_COMPILE.contains(id)) {
                wrong.add(id + " (" + function.kind() + "): php -l exit status " + lint.status() + ": "
                        + lint.output().strip());
            }
        }

        // then
        assertThat(wrong).as("sources whose php -l verdict is not the intended one").isEmpty();
    }

    private record Lint(int status, String output) {}

    /**
     * Runs {@code php -l} on the source as a server following the pack's conventions evaluates it: a module's
     * statements as they are, every other source as the expression of {@code $closure = ...}.
     */
    private static Lint lint(Path dir, String id, String kind, String source) throws IOException, InterruptedException {
        String code = kind.equals("module") ? "<?php\n" + source + "\n" : "<?php\n$closure = " + source + "\n";
        Path file = dir.resolve(id + ".php");
        Files.writeString(file, code, StandardCharsets.UTF_8);
        Path output = dir.resolve(id + ".out");
        Process php = new ProcessBuilder("php", "-n", "-l", file.toString()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        try {
            assertThat(php.waitFor(30, TimeUnit.SECONDS)).as("php -l of " + id + " ends within 30 s").isTrue();
            return new Lint(php.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            php.destroyForcibly();
            php.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
