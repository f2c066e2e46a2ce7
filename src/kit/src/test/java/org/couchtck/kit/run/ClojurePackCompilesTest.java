package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.cases.FunctionPack;
import org.couchtck.kit.process.ChildProcesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clojure pack against a real, independent Clojure view server: clutch's, kept in the shared folder's
 * third-party/clutch (never copied into the project) and started through its launcher. Its genuine deviations (no
 * shows, lists, validate_doc_update, rewrites, views or add_lib, pre-2.0 error ids, fatal exits where an error reply
 * is due, no exit at end of input, no reduce_limit) are listed with reasons in reports/baselines/clutch.json.
 * Since clutch runs only map, reduce, filter and update functions, every source of the pack is also read and
 * compiled by Clojure itself (Debian's jars, the ones the launcher uses), in one JVM.
 */
@Timeout(600)
class ClojurePackCompilesTest {

    /** Debian's jars clutch's launcher puts on its class path: Clojure and cheshire with what they need. */
    private static final List<String> JARS = List.of("clojure", "spec.alpha", "core.specs.alpha", "cheshire",
            "jackson-core", "jackson-dataformat-smile", "jackson-dataformat-cbor", "tigris");

    /** Sources whose catalogue statement asks for a syntax error. */
    private static final Set<String> SYNTAX_ERRORS = Set.of("map.error-does-not-end-session", "reduce.compile-error",
            "show.function-syntax-error", "show.unknown-ddoc-command.bad", "module.accepted.bad");

    /** Sources whose catalogue statement asks for a value that is not a function. */
    private static final Set<String> NOT_FUNCTIONS = Set.of("map.non-function-expression",
            "map.non-function-expression.2", "map.non-function-expression.3", "map.non-function-expression.4",
            "map.non-function-expression.5", "map.non-function-expression.6", "show.unknown-ddoc-command.notfn");

    @AfterEach
    void no_child_process_outlives_a_test() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void every_clojure_source_reads_and_compiles_as_its_statement_asks(@TempDir Path dir)
            throws IOException, InterruptedException {
        // given
        FunctionLibrary library = FunctionLibrary.builtIn();
        FunctionPack pack = library.pack("clojure").orElseThrow();
        List<String> manifest = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, String> source : pack.sources().entrySet()) {
            String id = source.getKey();
            String kind = library.function(id).orElseThrow().kind();
            Path file = dir.resolve("source-" + n++ + ".clj");
            Files.writeString(file, source.getValue(), StandardCharsets.UTF_8);
            manifest.add(expectation(id, kind) + "\t" + kind + "\t" + id + "\t" + file.toAbsolutePath());
        }
        Path manifestFile = Files.write(dir.resolve("manifest.tsv"), manifest, StandardCharsets.UTF_8);
        Path script = dir.resolve("clojure-pack-check.clj");
        try (InputStream in = ClojurePackCompilesTest.class.getResourceAsStream("clojure-pack-check.clj")) {
            assertThat(in).as("the checker script on the test class path").isNotNull();
            Files.copy(in, script);
        }

        // when
        List<String> output = runClojure(dir, script, manifestFile);

        // then
        List<String> bad = output.stream().filter(line -> line.startsWith("bad\t"))
                .map(line -> line.substring(4).replaceFirst("\t", ": ")).toList();
        assertThat(bad).as("clojure sources that do not read or compile as their statement asks").isEmpty();
        assertThat(output.stream().filter(line -> line.startsWith("ok\t")).map(line -> line.substring(3)))
                .as(() -> "checker output:\n" + String.join("\n", output))
                .containsExactlyInAnyOrderElementsOf(pack.sources().keySet());
    }

    private static String expectation(String id, String kind) {
        if (SYNTAX_ERRORS.contains(id)) {
            return "syntax-error";
        }
        if (NOT_FUNCTIONS.contains(id)) {
            return "not-a-function";
        }
        return kind.equals("module") ? "module" : "function";
    }

    /** One Clojure JVM running the checker over the manifest, bounded in time; its output lines. */
    private static List<String> runClojure(Path dir, Path script, Path manifest)
            throws IOException, InterruptedException {
        Path javaDir = Path.of("/usr/share/java");
        List<String> missing = JARS.stream().filter(jar -> !Files.isRegularFile(javaDir.resolve(jar + ".jar")))
                .toList();
        assertThat(missing).as("Debian's jars for Clojure in " + javaDir + " (run "
                + ProjectFiles.shared().resolve("third-party/install.sh") + " clutch)").isEmpty();
        String classPath = JARS.stream().map(jar -> javaDir.resolve(jar + ".jar").toString())
                .collect(Collectors.joining(":"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path output = dir.resolve("checker-output.txt");
        Process process = new ProcessBuilder(java.toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Dfile.encoding=UTF-8", "-cp", classPath, "clojure.main", script.toString(), manifest.toString())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        process.getOutputStream().close();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("the Clojure checker did not end within 120 s; its output:\n" + Files.readString(output));
        }
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(() -> "exit status of the Clojure checker; its output:\n"
                + String.join("\n", lines)).isZero();
        return lines;
    }
}
