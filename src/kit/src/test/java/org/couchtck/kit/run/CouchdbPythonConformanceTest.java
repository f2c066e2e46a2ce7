package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.process.Python27;
import org.couchtck.kit.queryserver.GeneratedSuites;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The python pack against a real, independent Python view server: couchdb-python's {@code couchpy}, kept in the
 * shared folder's third-party/ (never copied into the project). Its genuine deviations (no design-document
 * commands, no add_lib, old error ids, only the first reduce function run) are listed with reasons in the committed
 * baseline reports/baselines/couchdb-python.json; everything else must pass, and a listed case that passes again
 * turns STALE and fails this test.
 *
 * <p>couchpy runs on Python 2.7 and Python 3 alike, and so must the pack and the generated functions: each run is made
 * under python3 and under python2.7, with the same baseline (its deviations are the same under both). Python 2.7 is
 * taken from the PATH or pyenv's versions ({@link Python27}); only where none exists is that half skipped.
 */
@Timeout(600)
class CouchdbPythonConformanceTest {

    private static final TargetProfile PYTHON = new TargetProfile("python", CouchDbVersion.LATEST, Set.of());
    private static final ObjectMapper JSON = new ObjectMapper();

    @AfterEach
    void no_child_process_outlives_a_run() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @ParameterizedTest(name = "under {0}")
    @ValueSource(strings = {"python3", "python2.7"})
    void couchdb_python_passes_the_corpus_but_for_its_baseline(String python) {
        // given
        Path baseline = ProjectFiles.root().resolve("reports/baselines/couchdb-python.json");
        RunConfiguration config = new RunConfiguration(Optional.of(couchpy(python)), PYTHON, Duration.ofSeconds(10),
                Optional.empty(), CaseSelection.all(), Optional.of(baseline), Duration.ofSeconds(30));

        // when
        RunResult run = ConformanceRunner.run(config, "couchdb-python-" + python, ConformanceRunner.Progress.NONE);

        // then
        List<CaseResult> broken = run.cases().stream()
                .filter(c -> !Set.of(Verdict.PASS, Verdict.NA, Verdict.KNOWN).contains(c.verdict())).toList();
        assertThat(broken).as(() -> broken.stream().map(c -> c.caseId() + " " + c.verdict() + ": " + c.message())
                .collect(Collectors.joining("\n"))).isEmpty();
        assertThat(run.cases()).filteredOn(c -> c.verdict() == Verdict.PASS).hasSizeGreaterThanOrEqualTo(33);
        assertThat(run.passed()).isTrue();
    }

    @Test
    void at_most_60_cases_lack_a_python_source() {
        // when
        long withoutPython = Corpus.builtIn().cases().stream().map(PYTHON::applicability)
                .filter(a -> a.cause() == Applicability.Cause.NO_SOURCE || a.cause() == Applicability.Cause.LANGUAGE)
                .count();

        // then
        assertThat(withoutPython).isLessThanOrEqualTo(60);
    }

    @ParameterizedTest(name = "under {0}")
    @ValueSource(strings = {"python3", "python2.7"})
    void generated_python_map_functions_answer_as_the_reference_does(String python) {
        // given
        GenerationSettings settings = new GenerationSettings(7, new GenerationBudget(30, Duration.ofSeconds(60), 500,
                Duration.ofSeconds(30)), NumberMode.forLanguage("python"), Optional.empty());
        RunConfiguration config = new RunConfiguration(Optional.of(couchpy(python)), PYTHON, Duration.ofSeconds(10),
                Optional.empty(), new CaseSelection(List.of(GeneratedSuites.MAP_DIFFERENTIAL,
                        "qs.generated-robustness.*"), List.of(), Set.of()), Optional.empty(), Duration.ofSeconds(30));

        // when
        RunResult run = ConformanceRunner.run(config, Optional.of(settings), "couchdb-python-generated-" + python,
                ConformanceRunner.Progress.NONE);

        // then
        assertThat(run.cases()).hasSize(3).allSatisfy(c -> assertThat(c.verdict()).as(c.caseId() + ": "
                + c.message()).isEqualTo(Verdict.PASS));
    }

    @Test
    void every_python_source_compiles_alike_under_python3_and_python2_7() throws Exception {
        // given: couchpy runs the view functions under both; the design-document ones it cannot run are compiled
        Map<String, String> sources = FunctionLibrary.builtIn().pack("python").orElseThrow().sources();
        String python27 = python27().toString();

        // when
        Map<String, String> python3Errors = compileErrors("python3", sources);
        Map<String, String> python27Errors = compileErrors(python27, sources);

        // then
        assertThat(python3Errors).as("a compile answer for every source").containsOnlyKeys(sources.keySet());
        List<String> different = sources.keySet().stream().sorted()
                .filter(id -> (python3Errors.get(id) == null) != (python27Errors.get(id) == null))
                .map(id -> id + ": python3 says " + Objects.requireNonNullElse(python3Errors.get(id), "it compiles")
                        + ", python2.7 says " + Objects.requireNonNullElse(python27Errors.get(id), "it compiles"))
                .toList();
        assertThat(different).as("sources that compile under one Python only").isEmpty();
    }

    /**
     * Compiles each source as couchpy does (UTF-8 with a byte-order mark) in one process of {@code interpreter}:
     * each id maps to the SyntaxError, or to null where the source compiles.
     */
    private static Map<String, String> compileErrors(String interpreter, Map<String, String> sources)
            throws Exception {
        String script = String.join("\n",
                "import codecs, json, sys",
                "sources = json.loads(sys.stdin.read())",
                "errors = {}",
                "for name in sources:",
                "    try:",
                "        compile(codecs.BOM_UTF8 + sources[name].encode('utf-8'), str(name), 'exec')",
                "        errors[name] = None",
                "    except SyntaxError as e:",
                "        errors[name] = '%s (line %s)' % (e.msg, e.lineno)",
                "sys.stdout.write(json.dumps(errors))");
        Process process = new ProcessBuilder(interpreter, "-c", script)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
                try (InputStream in = process.getInputStream()) {
                    return in.readAllBytes();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            try (OutputStream in = process.getOutputStream()) {
                in.write(JSON.writeValueAsBytes(sources));
            }
            byte[] answer = out.get(60, TimeUnit.SECONDS);
            assertThat(process.waitFor(10, TimeUnit.SECONDS)).as(interpreter + " exits").isTrue();
            assertThat(process.exitValue()).as(interpreter + " exit status").isZero();
            return JSON.readValue(answer, new TypeReference<Map<String, String>>() {});
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /**
     * couchpy as CouchDB would start it under {@code python} (python3 from the PATH, or python2.7 wherever
     * {@link Python27} finds it; the test is skipped where it finds none), with the shared copy on its module path
     * and no bytecode written beside it.
     */
    static String couchpy(String python) {
        Path source = ProjectFiles.shared().resolve("third-party/couchdb-python");
        assertThat(Files.isDirectory(source.resolve("couchdb"))).as("couchdb-python at " + source).isTrue();
        String interpreter = python.equals("python2.7") ? "'" + python27() + "'" : python;
        return "env 'PYTHONPATH=" + source.toAbsolutePath() + "' PYTHONDONTWRITEBYTECODE=1 " + interpreter
                + " -m couchdb.view";
    }

    private static Path python27() {
        Python27.Search search = Python27.find();
        Assumptions.assumeTrue(search.interpreter().isPresent(), search::describe);
        return search.interpreter().orElseThrow();
    }
}
