package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.queryserver.GeneratedSuites;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The python pack against a real, independent Python view server: couchdb-python's {@code couchpy}, kept in the
 * shared folder's third-party/ (never copied into the project). Its genuine deviations (no design-document
 * commands, no add_lib, old error ids, only the first reduce function run) are listed with reasons in the committed
 * baseline reports/baselines/couchdb-python.json; everything else must pass, and a listed case that passes again
 * turns STALE and fails this test.
 */
@Timeout(600)
class CouchdbPythonConformanceTest {

    private static final TargetProfile PYTHON = new TargetProfile("python", CouchDbVersion.LATEST, Set.of());

    @AfterEach
    void no_child_process_outlives_a_run() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void couchdb_python_passes_the_corpus_but_for_its_baseline() {
        // given
        Path baseline = ProjectFiles.root().resolve("reports/baselines/couchdb-python.json");
        RunConfiguration config = new RunConfiguration(Optional.of(couchpy()), PYTHON, Duration.ofSeconds(10),
                Optional.empty(), CaseSelection.all(), Optional.of(baseline), Duration.ofSeconds(30));

        // when
        RunResult run = ConformanceRunner.run(config, "couchdb-python", ConformanceRunner.Progress.NONE);

        // then
        List<CaseResult> broken = run.cases().stream()
                .filter(c -> !Set.of(Verdict.PASS, Verdict.NA, Verdict.KNOWN).contains(c.verdict())).toList();
        assertThat(broken).as(() -> broken.stream().map(c -> c.caseId() + " " + c.verdict() + ": " + c.message())
                .collect(Collectors.joining("\n"))).isEmpty();
        assertThat(run.cases()).filteredOn(c -> c.verdict() == Verdict.PASS).hasSizeGreaterThanOrEqualTo(30);
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

    @Test
    void generated_python_map_functions_answer_as_the_reference_does() {
        // given
        GenerationSettings settings = new GenerationSettings(7, new GenerationBudget(30, Duration.ofSeconds(60), 500,
                Duration.ofSeconds(30)), NumberMode.forLanguage("python"), Optional.empty());
        RunConfiguration config = new RunConfiguration(Optional.of(couchpy()), PYTHON, Duration.ofSeconds(10),
                Optional.empty(), new CaseSelection(List.of(GeneratedSuites.MAP_DIFFERENTIAL,
                        "qs.generated-robustness.*"), List.of(), Set.of()), Optional.empty(), Duration.ofSeconds(30));

        // when
        RunResult run = ConformanceRunner.run(config, Optional.of(settings), "couchdb-python-generated",
                ConformanceRunner.Progress.NONE);

        // then
        assertThat(run.cases()).hasSize(3).allSatisfy(c -> assertThat(c.verdict()).as(c.caseId() + ": "
                + c.message()).isEqualTo(Verdict.PASS));
    }

    /** couchpy as CouchDB would start it, with the shared copy on its module path. */
    static String couchpy() {
        Path source = ProjectFiles.shared().resolve("third-party/couchdb-python");
        assertThat(Files.isDirectory(source.resolve("couchdb"))).as("couchdb-python at " + source).isTrue();
        return "env 'PYTHONPATH=" + source.toAbsolutePath() + "' python3 -m couchdb.view";
    }
}
