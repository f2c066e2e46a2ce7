package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.ResultsJson;
import org.couchtck.kit.report.RunResult;
import org.couchtck.kit.run.TestTargets;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --seed} and {@code replay}: the generated suites from the command line. */
@Timeout(180)
class GeneratedCommandsTest {

    private static final String MAP = "qs.generated-map.differential";

    @TempDir
    Path dir;

    private static String brokenOnNegativeZero() {
        return TestTargets.commandLine("org.couchtck.kit.testservers.BrokenReferenceServer") + " negative-zero";
    }

    private RunResult runWithSeed(CliRun cli, String name, long seed) {
        Path reports = dir.resolve(name);
        int status = cli.couchtck("run", "--include", "qs.generated-*", "--seed", Long.toString(seed),
                "--cases-per-property", "6", "--report-dir", reports.toString(), "--no-progress");
        assertThat(status).as(cli.err() + cli.out()).isZero();
        return ResultsJson.read(reports.resolve("results.json"));
    }

    private static List<String> sentLines(RunResult run) {
        return run.cases().stream()
                .flatMap(c -> c.transcript().stream())
                .filter(e -> e.direction() == Direction.SENT)
                .map(TranscriptEntry::text)
                .toList();
    }

    @Test
    void should_send_the_same_generated_lines_when_run_twice_with_the_same_seed() {
        // given
        CliRun first = new CliRun();
        CliRun second = new CliRun();

        // when
        RunResult a = runWithSeed(first, "a", 99);
        RunResult b = runWithSeed(second, "b", 99);

        // then
        assertThat(a.cases()).extracting(CaseResult::caseId).containsExactly(MAP,
                "qs.generated-reduce.rereduce-algebra", "qs.generated-session.differential",
                "qs.generated-session.log-lines", "qs.generated-robustness.answer-or-exit",
                "qs.generated-robustness.answers-after-error");
        assertThat(a.cases()).allSatisfy(c -> {
            assertThat(c.verdict()).as(c.caseId() + ": " + c.message()).isEqualTo(Verdict.PASS);
            assertThat(c.seed()).hasValue(99);
        });
        assertThat(sentLines(a)).isNotEmpty().isEqualTo(sentLines(b));
        assertThat(first.out()).contains("seed 99");
    }

    @Test
    void should_replay_a_failing_generated_case_with_its_seed_and_save_the_shrunk_fixture() {
        // given
        CliRun cli = new CliRun();
        Path reports = dir.resolve("replay");

        // when
        int status = cli.couchtck("replay", MAP, "--seed", "1", "--server", brokenOnNegativeZero(),
                "--cases-per-property", "200", "--report-dir", reports.toString());

        // then
        assertThat(status).as(cli.err()).isEqualTo(1);
        RunResult run = ResultsJson.read(reports.resolve("results.json"));
        assertThat(run.cases()).singleElement().satisfies(c -> {
            assertThat(c.caseId()).isEqualTo(MAP);
            assertThat(c.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(c.message()).contains("printf '%s\\n'").contains("negative-zero");
        });
        assertThat(cli.out()).contains("FAIL " + MAP + ", shrunk; to reproduce:\n  printf '%s\\n' ")
                .contains("'[\"map_doc\",{\"a\":-0.0}]' | ");
        assertThat(Corpus.load(reports.resolve("shrunk")).cases()).singleElement()
                .satisfies(c -> assertThat(c.id()).startsWith(MAP + "-shrunk-"));
    }

    @Test
    void should_list_the_generated_suites_with_the_built_in_corpus() {
        // given
        CliRun cli = new CliRun();

        // when
        int status = cli.couchtck("list", "--include", "qs.generated-*");

        // then
        assertThat(status).isZero();
        assertThat(cli.out()).contains(MAP, "qs.generated-reduce.rereduce-algebra",
                "qs.generated-session.differential", "qs.generated-session.log-lines",
                "qs.generated-robustness.answer-or-exit", "qs.generated-robustness.answers-after-error", "6 cases");
    }

    @Test
    void should_refuse_to_replay_a_generated_case_without_a_seed() {
        // given
        CliRun cli = new CliRun();

        // when
        int status = cli.couchtck("replay", MAP, "--report-dir", dir.toString());

        // then
        assertThat(status).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--seed");
    }

    @Test
    void should_refuse_to_replay_an_unknown_case() {
        // given
        CliRun cli = new CliRun();

        // when
        int status = cli.couchtck("replay", "qs.nothing.here", "--seed", "1", "--report-dir", dir.toString());

        // then
        assertThat(status).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("qs.nothing.here");
    }
}
