package org.couchtck.kit.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.daemons.programs.HelloDaemon;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.testservers.ConfigerDaemon;
import org.couchtck.kit.testservers.DyingDaemon;
import org.couchtck.kit.testservers.GarbageDaemon;
import org.couchtck.kit.testservers.NeverExitingDaemon;
import org.couchtck.kit.testservers.PortWithoutServerDaemon;
import org.couchtck.kit.testservers.SilentServer;
import org.couchtck.kit.testservers.SlowToExitOnceDaemon;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon corpus against the kit's own daemon, which passes every case, and against a double for each check,
 * which breaks it: each check proven by a daemon that fails it. Bounds are small, and no test waits one out when the
 * daemon does what it should.
 */
@Timeout(180)
class DaemonSuiteRunnerTest {

    private static final String NAME = "tck_daemon";
    /** Halting that always happens by the third exit, and never waits out its window when it does. */
    private static final String HALTS = "[os_daemon_settings]\nmax_retries = 3\nretry_time = 120\n";
    /** Halting that never happens: an exit counts alone. */
    private static final String NEVER_HALTS = "[os_daemon_settings]\nmax_retries = 2\nretry_time = 0\n";

    @TempDir
    Path dir;

    private static DaemonSettings bounds(Duration firstLine, Duration exit) {
        return new DaemonSettings(firstLine, Duration.ofMillis(1500), exit, Duration.ofSeconds(10), 64 * 1024);
    }

    private static String command(Class<?> main, String... args) {
        return ServerCommand.javaMain(main.getName(), args).display();
    }

    private Map<String, CaseResult> run(Optional<String> daemon, String config, DaemonSettings settings)
            throws IOException {
        return run(daemon, config, settings, DaemonCorpus.builtIn().cases());
    }

    private Map<String, CaseResult> run(Optional<String> daemon, String config, DaemonSettings settings,
            List<DaemonCase> cases) throws IOException {
        Path file = dir.resolve("local.ini");
        Files.writeString(file, "[uuids]\nalgorithm = sequential\n" + config);
        DaemonTargets targets = new DaemonTargets(daemon, Optional.of(file), NAME, Optional.empty(), settings);
        List<CaseResult> results = new DaemonSuiteRunner(targets).run(cases);
        Map<String, CaseResult> byId = new LinkedHashMap<>();
        results.forEach(r -> byId.put(r.caseId(), r));
        return byId;
    }

    private static Map<String, Verdict> verdicts(Map<String, CaseResult> results) {
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        results.forEach((id, r) -> verdicts.put(id, r.verdict()));
        return verdicts;
    }

    private static String explain(Map<String, CaseResult> results) {
        return results.values().stream().map(r -> r.caseId() + " " + r.verdict() + " " + r.message())
                .collect(Collectors.joining("\n"));
    }

    @Test
    void the_kits_own_daemon_passes_every_case() throws IOException {
        // given: the kit's HelloDaemon under the test's name

        // when
        Map<String, CaseResult> results = run(Optional.of(command(
                HelloDaemon.class, NAME)), "", bounds(Duration.ofSeconds(20),
                        Duration.ofSeconds(10)));

        // then
        assertThat(results).hasSize(DaemonCorpus.builtIn().cases().size());
        assertThat(verdicts(results).values()).as(explain(results)).containsOnly(Verdict.PASS);
    }

    @Test
    void the_default_target_is_the_kits_own_daemon_under_the_default_name() throws IOException {
        // given: no daemon command, no name
        DaemonTargets targets = new DaemonTargets(Optional.empty(), Optional.empty(), DaemonTargets.DEFAULT_NAME,
                Optional.empty(), bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // when
        List<CaseResult> results = new DaemonSuiteRunner(targets).run(DaemonCorpus.builtIn().cases());

        // then
        assertThat(results).extracting(CaseResult::verdict).as(results.stream()
                .map(r -> r.caseId() + " " + r.message()).collect(Collectors.joining("\n")))
                .containsOnly(Verdict.PASS);
    }

    @Test
    void a_looper_that_only_reads_passes_what_it_does_and_has_the_rest_not_applicable() throws IOException {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(SilentServer.class)), "",
                bounds(Duration.ofSeconds(2), Duration.ofSeconds(10)));

        // then
        Map<String, Verdict> verdicts = verdicts(results);
        assertThat(verdicts).as(explain(results))
                .containsEntry("daemon.lines.json", Verdict.PASS)
                .containsEntry("daemon.lifecycle.exits-at-end-of-input", Verdict.PASS)
                .containsEntry("daemon.lifecycle.stays-running", Verdict.PASS)
                .containsEntry("daemon.lifecycle.not-halted", Verdict.PASS)
                .containsEntry("daemon.get.well-formed", Verdict.NA)
                .containsEntry("daemon.log.well-formed", Verdict.NA)
                .containsEntry("daemon.register.well-formed", Verdict.NA)
                .containsEntry("daemon.get.one-at-a-time", Verdict.NA)
                .containsEntry("daemon.http.serves-port", Verdict.NA);
        assertThat(results.get("daemon.http.serves-port").message()).contains("never asked for a port");
    }

    @Test
    void a_configer_gets_the_answers_couchdb_gives_and_exits_on_an_empty_config() throws IOException {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(ConfigerDaemon.class, NAME)), HALTS,
                bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // then: its own checks of the kit's replies held (it stays up), and the empty config makes it exit
        Map<String, Verdict> verdicts = verdicts(results);
        assertThat(verdicts).as(explain(results))
                .containsEntry("daemon.get.well-formed", Verdict.PASS)
                .containsEntry("daemon.get.one-at-a-time", Verdict.PASS)
                .containsEntry("daemon.lifecycle.stays-running", Verdict.PASS)
                .containsEntry("daemon.lifecycle.exits-at-end-of-input", Verdict.PASS)
                .containsEntry("daemon.log.well-formed", Verdict.PASS)
                .containsEntry("daemon.config.empty-stays-running", Verdict.WARN)
                .containsEntry("daemon.config.empty-exits-at-end-of-input", Verdict.NA);
        assertThat(results.get("daemon.config.empty-stays-running").transcript())
                .anySatisfy(e -> assertThat(e.text()).contains("wrong reply: [os_daemons] should hold"));
    }

    @Test
    void a_daemon_that_writes_its_gets_without_waiting_breaks_the_one_at_a_time_observation() throws IOException {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(ConfigerDaemon.class, NAME, "--no-wait")), HALTS,
                bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // then
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("daemon.get.one-at-a-time", Verdict.WARN)
                .containsEntry("daemon.get.well-formed", Verdict.PASS);
        assertThat(results.get("daemon.get.one-at-a-time").message()).contains("still pending");
    }

    @Test
    void a_daemon_that_dies_at_boot_is_halted() throws IOException {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(DyingDaemon.class, "0", "1")), HALTS,
                bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // then
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("daemon.lifecycle.not-halted", Verdict.FAIL)
                .containsEntry("daemon.lifecycle.stays-running", Verdict.WARN)
                .containsEntry("daemon.lifecycle.exits-at-end-of-input", Verdict.NA);
        assertThat(results.get("daemon.lifecycle.not-halted").message()).contains("halted: 3 exit(s)")
                .contains("statuses 1, 1, 1");
    }

    @Test
    void a_daemon_that_dies_after_a_delay_is_halted_too() throws IOException {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(DyingDaemon.class, "100", "1")), HALTS,
                bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // then
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("daemon.lifecycle.not-halted", Verdict.FAIL)
                .containsEntry("daemon.lifecycle.stays-running", Verdict.WARN);
    }

    @Test
    void a_daemon_that_exits_now_and_then_is_started_again_and_not_halted() throws IOException {
        // when: each exit is alone within retry_time 0
        Map<String, CaseResult> results = run(Optional.of(command(DyingDaemon.class, "300", "0")), NEVER_HALTS,
                bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // then
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("daemon.lifecycle.not-halted", Verdict.PASS)
                .containsEntry("daemon.lifecycle.stays-running", Verdict.WARN)
                .containsEntry("daemon.lifecycle.exits-at-end-of-input", Verdict.PASS);
        assertThat(results.get("daemon.lifecycle.stays-running").message()).contains("with status 0");
        assertThat(results.get("daemon.lifecycle.not-halted").transcript())
                .anySatisfy(e -> assertThat(e.text()).contains("starting it again"));
    }

    @Test
    void a_daemon_that_never_exits_is_killed_with_its_child_and_fails() throws IOException, InterruptedException {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(NeverExitingDaemon.class)), "",
                bounds(Duration.ofSeconds(20), Duration.ofMillis(500)));

        // then: judged again with 4× the bound, it is still running, a hang
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("daemon.lifecycle.exits-at-end-of-input", Verdict.FAIL)
                .containsEntry("daemon.config.empty-exits-at-end-of-input", Verdict.FAIL)
                .containsEntry("daemon.lifecycle.stays-running", Verdict.PASS);
        assertThat(results.get("daemon.lifecycle.exits-at-end-of-input").message())
                .startsWith("still running 2000 ms after its standard input closed; the kit killed it and its 1 "
                        + "descendant process(es)")
                .contains("(a hang: judged again alone with 4× its bounds, it ran out of time again; beside the other "
                        + "cases: still running 500 ms after its standard input closed");
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void a_daemon_too_slow_to_exit_once_passes_as_slow_when_its_session_is_played_again_with_larger_bounds()
            throws IOException {
        // given a daemon whose first process to see the end of its input takes 5 s to exit, beyond the 1.5 s bound
        Path marker = dir.resolve("slow-once");

        // when: the case that judges the exit, alone (another session's process could be the slow one)
        Map<String, CaseResult> results = run(Optional.of(command(SlowToExitOnceDaemon.class, marker.toString())),
                "", bounds(Duration.ofSeconds(20), Duration.ofMillis(1500)), DaemonCorpus.builtIn().cases().stream()
                        .filter(c -> c.id().equals("daemon.lifecycle.exits-at-end-of-input")).toList());

        // then it ran out of time once, and passed when played again with 6 s
        assertThat(results.values()).as(explain(results)).filteredOn(CaseResult::slow).singleElement()
                .satisfies(slow -> assertThat(slow.message()).startsWith("slow here: it passed only when judged again alone "
                        + "with 4× its bounds").contains("beside the other cases: still running 1500 ms after its "
                        + "standard input closed"));
        assertThat(results.values()).as(explain(results)).noneMatch(r -> r.verdict() == Verdict.FAIL
                || r.verdict() == Verdict.ERROR);
    }

    @Test
    void a_daemon_that_writes_garbage_breaks_each_line_check_at_its_level() throws IOException {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(GarbageDaemon.class)), "",
                bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // then
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("daemon.lines.json", Verdict.WARN)
                .containsEntry("daemon.lines.known-requests", Verdict.WARN)
                .containsEntry("daemon.get.well-formed", Verdict.FAIL)
                .containsEntry("daemon.log.well-formed", Verdict.WARN)
                .containsEntry("daemon.register.well-formed", Verdict.WARN)
                .containsEntry("daemon.lines.bounded", Verdict.PASS)
                .containsEntry("daemon.lifecycle.exits-at-end-of-input", Verdict.PASS);
        assertThat(results.get("daemon.lines.json").message()).contains("2 of 8 lines are not JSON lines");
        assertThat(results.get("daemon.get.well-formed").message())
                .contains("crashes CouchDB's daemon manager");
    }

    @Test
    void a_daemon_that_writes_a_line_past_the_cap_fails_the_bounded_lines_case() throws IOException {
        // when: the cap is 64 KiB
        Map<String, CaseResult> results = run(Optional.of(command(GarbageDaemon.class, "--giant", "200000")), "",
                bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // then
        assertThat(verdicts(results)).as(explain(results)).containsEntry("daemon.lines.bounded", Verdict.FAIL);
        assertThat(results.get("daemon.lines.bounded").message()).contains("without a newline");
    }

    @Test
    void a_daemon_that_asks_for_a_port_and_serves_nothing_fails_the_http_case() throws IOException {
        // when: 1 s to serve
        DaemonSettings settings = new DaemonSettings(Duration.ofSeconds(20), Duration.ofMillis(1500),
                Duration.ofSeconds(10), Duration.ofSeconds(1), 64 * 1024);
        Map<String, CaseResult> results = run(Optional.of(command(PortWithoutServerDaemon.class, NAME)), "",
                settings);

        // then
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("daemon.http.serves-port", Verdict.FAIL)
                .containsEntry("daemon.get.slow-reply-serves", Verdict.WARN)
                .containsEntry("daemon.get.well-formed", Verdict.PASS);
        assertThat(results.get("daemon.http.serves-port").message()).contains("from [" + NAME + "] port")
                .contains("did not answer HTTP there");
    }

    @Test
    void a_daemon_asking_the_port_of_another_section_is_told_which_name_to_give() throws IOException {
        // when: the daemon asks [other] port, the run names it tck_daemon
        Map<String, CaseResult> results = run(Optional.of(command(PortWithoutServerDaemon.class, "other")), "",
                bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // then
        assertThat(results.get("daemon.http.serves-port").verdict()).isEqualTo(Verdict.NA);
        assertThat(results.get("daemon.http.serves-port").message()).contains("run with --daemon-name other");
    }

    @Test
    void a_daemon_file_that_is_not_executable_cannot_be_judged() throws IOException {
        // given
        Path script = dir.resolve("daemon.sh");
        Files.writeString(script, "#!/bin/sh\nsleep 5\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));

        // when
        Map<String, CaseResult> results = run(Optional.of(script.toString()), "",
                bounds(Duration.ofSeconds(20), Duration.ofSeconds(10)));

        // then
        assertThat(verdicts(results).values()).containsOnly(Verdict.ERROR);
        assertThat(results.values()).allSatisfy(r -> assertThat(r.message()).contains("cannot start")
                .contains("daemon.sh"));
    }
}
