package org.couchtck.kit.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.daemons.programs.HelloDaemon;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.generate.PropertyRunner;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.testservers.BrittleDaemon;
import org.couchtck.kit.testservers.GarbageDaemon;
import org.couchtck.kit.testservers.NeverExitingDaemon;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated daemon cases against the kit's own daemon, which passes them, and against doubles that break on some
 * configurations or on any: each fails with a shrunk counterexample naming its seed, its ini text and a replay line.
 */
@Timeout(300)
class GeneratedDaemonSuitesTest {

    private static final String NAME = "tck_daemon";
    /** Each shrink candidate starts a daemon (about a second): the shrinks are held to a few dozen candidates. */
    private static final GenerationBudget BUDGET = new GenerationBudget(3, Duration.ofSeconds(60), 50,
            Duration.ofSeconds(120));
    private static final DaemonSettings SETTINGS = new DaemonSettings(Duration.ofSeconds(20), Duration.ofMillis(500),
            Duration.ofSeconds(10), Duration.ofSeconds(10), 64 * 1024);

    private static String command(Class<?> main, String... args) {
        return ServerCommand.javaMain(main.getName(), args).display();
    }

    private static List<CaseResult> run(String daemon, long seed, DaemonSettings settings) {
        return run(daemon, seed, settings, BUDGET);
    }

    private static List<CaseResult> run(String daemon, long seed, DaemonSettings settings, GenerationBudget budget) {
        return run(daemon, Optional.empty(), seed, settings, budget);
    }

    private static List<CaseResult> run(String daemon, Optional<Path> config, long seed, DaemonSettings settings,
            GenerationBudget budget) {
        DaemonTargets targets = new DaemonTargets(Optional.of(daemon), config, NAME, Optional.empty(), settings);
        return new DaemonSuiteRunner(targets, seed, budget).run(GeneratedDaemonSuites.cases());
    }

    private static CaseResult result(List<CaseResult> results, String id) {
        return results.stream().filter(r -> r.caseId().equals(id)).findFirst().orElseThrow();
    }

    private static String explain(List<CaseResult> results) {
        return results.stream().map(r -> r.caseId() + " " + r.verdict() + " " + r.message())
                .collect(Collectors.joining("\n"));
    }

    /** The ini text lines of a counterexample's message that set a key. */
    private static List<String> keyLines(CaseResult result) {
        String message = result.message();
        String ini = message.substring(message.indexOf("configuration:\n") + "configuration:\n".length(),
                message.indexOf("reproduce: "));
        return ini.lines().filter(l -> !l.startsWith("[") && !l.equals("(none)")).toList();
    }

    /** A seed whose first session puts a value BrittleDaemon cannot take in the daemon's own section. */
    private static long seedBreakingBrittle() {
        SessionsProperty property = new SessionsProperty(new SessionConfigGenerator(NAME), null, List.of());
        return LongStream.range(0, 10_000).filter(seed -> {
            GeneratedSession first = new PropertyRunner(BUDGET).plannedExamples("daemon.generated-sessions", property,
                    seed).get(0);
            return DaemonConfig.parse(first.ini()).section(NAME).values().stream()
                    .anyMatch(v -> v.length() > 40 || v.chars().anyMatch(c -> c > 127));
        }).findFirst().orElseThrow();
    }

    @Test
    void the_kits_own_daemon_passes_both_generated_cases() {
        // when
        List<CaseResult> results = run(command(HelloDaemon.class, NAME), 5, SETTINGS);

        // then
        assertThat(results).extracting(CaseResult::caseId).containsExactly(GeneratedDaemonSuites.HANDLED,
                GeneratedDaemonSuites.WELL_BEHAVED);
        assertThat(results).as(explain(results)).extracting(CaseResult::verdict).containsOnly(Verdict.PASS);
        assertThat(results).allSatisfy(r -> assertThat(r.seed()).hasValue(5));
    }

    @Test
    void a_daemon_that_writes_a_malformed_get_on_some_values_fails_the_must_case_shrunk_to_one_key() {
        // given
        long seed = seedBreakingBrittle();

        // when
        List<CaseResult> results = run(command(BrittleDaemon.class, NAME), seed, SETTINGS);

        // then
        CaseResult handled = result(results, GeneratedDaemonSuites.HANDLED);
        assertThat(handled.verdict()).as(explain(results)).isEqualTo(Verdict.FAIL);
        assertThat(handled.message()).contains("of seed " + seed + ": well-formed-gets:")
                .contains("[" + NAME + "]")
                .contains("couchtck replay " + GeneratedDaemonSuites.HANDLED + " --seed " + seed + " --daemon '")
                .contains("--daemon-name " + NAME);
        assertThat(keyLines(handled)).singleElement().satisfies(line -> {
            String value = line.substring(line.indexOf('=') + 1).strip();
            assertThat(value.length() > 40 || value.chars().anyMatch(c -> c > 127)).as(line).isTrue();
        });
        // The lines it writes are JSON requests: the SHOULD case has nothing against it.
        assertThat(result(results, GeneratedDaemonSuites.WELL_BEHAVED).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void a_daemon_that_exits_on_some_values_fails_both_cases(@TempDir Path dir) throws IOException {
        // given: CouchDB's halting rule with a retry time no loaded machine's JVM starts outlast (three starts of the
        // daemon within 5 s, CouchDB's default, is a matter of the machine's load, not of the daemon)
        long seed = seedBreakingBrittle();
        Path config = Files.writeString(dir.resolve("local.ini"), "[os_daemon_settings]\nmax_retries = 3\n"
                + "retry_time = 60\n");

        // when: shrinking held to a few candidates (each failing one starts the daemon three times)
        List<CaseResult> results = run(command(BrittleDaemon.class, NAME, "--exit"), Optional.of(config), seed,
                SETTINGS, new GenerationBudget(3, Duration.ofSeconds(60), 8, Duration.ofSeconds(60)));

        // then
        assertThat(result(results, GeneratedDaemonSuites.HANDLED).message()).as(explain(results))
                .contains("not-halted:").contains("of seed " + seed);
        assertThat(results).extracting(CaseResult::verdict).containsExactly(Verdict.FAIL, Verdict.WARN);
        assertThat(result(results, GeneratedDaemonSuites.WELL_BEHAVED).message()).contains("stays-running:");
    }

    @Test
    void a_daemon_that_writes_garbage_on_any_configuration_fails_both_cases_shrunk_to_no_ini_text() {
        // when
        List<CaseResult> results = run(command(GarbageDaemon.class), 5, SETTINGS);

        // then
        assertThat(results).as(explain(results)).extracting(CaseResult::verdict)
                .containsExactly(Verdict.FAIL, Verdict.WARN);
        assertThat(result(results, GeneratedDaemonSuites.HANDLED).message()).contains("well-formed-gets:")
                .contains("example 0 of seed 5").contains("(none)");
        assertThat(result(results, GeneratedDaemonSuites.WELL_BEHAVED).message()).contains("json-lines:")
                .contains("(none)");
    }

    @Test
    void a_daemon_that_outlives_its_input_fails_the_must_case_and_leaves_no_process_behind() {
        // given: a short exit bound, which this daemon always outlives
        DaemonSettings settings = new DaemonSettings(Duration.ofSeconds(20), Duration.ofMillis(500),
                Duration.ofMillis(500), Duration.ofSeconds(10), 64 * 1024);

        // when
        List<CaseResult> results = run(command(NeverExitingDaemon.class), 5, settings);

        // then
        CaseResult handled = result(results, GeneratedDaemonSuites.HANDLED);
        assertThat(handled.verdict()).as(explain(results)).isEqualTo(Verdict.FAIL);
        assertThat(handled.message()).contains("exits-at-end-of-input:").contains("(none)");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(NeverExitingDaemon.class.getName())))
                .isEmpty();
    }
}
