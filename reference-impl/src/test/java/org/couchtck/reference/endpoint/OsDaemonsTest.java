package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.couchtck.reference.daemons.ConfigerDaemon;
import org.couchtck.reference.daemons.DaemonCommands;
import org.couchtck.reference.daemons.DaemonInfo;
import org.couchtck.reference.daemons.DaemonStatus;
import org.couchtck.reference.daemons.ExitingDaemon;
import org.couchtck.reference.daemons.GarbageDaemon;
import org.couchtck.reference.daemons.LooperDaemon;
import org.couchtck.reference.daemons.StubbornDaemon;
import org.couchtck.reference.log.LogLevel;
import org.couchtck.reference.log.RecordingLog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The endpoint's OS daemons end to end, with real processes: started from the ini files at boot, started, stopped
 * and restarted as the files and the HTTP-set values change, halted when they cannot run, and all gone once the
 * endpoint is closed.
 */
class OsDaemonsTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;
    private final RecordingLog log = new RecordingLog();
    private ReferenceEndpoint endpoint;

    @AfterEach
    void close() {
        if (endpoint != null) {
            endpoint.close();
        }
    }

    private void start(Duration stopGrace, Path... iniFiles) {
        endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults().withIniFiles(List.of(iniFiles))
                .withDaemonStopGrace(stopGrace).withLog(log));
    }

    private Path ini(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private Optional<DaemonInfo> daemon(String name) {
        return endpoint.osDaemons().stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /** Polls the endpoint's daemons until {@code name} is there and {@code matches}, within {@link #WAIT}. */
    private DaemonInfo awaitDaemon(String name, Predicate<DaemonInfo> matches) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<DaemonInfo> daemon = daemon(name);
            if (daemon.isPresent() && matches.test(daemon.get())) {
                return daemon.get();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("daemon " + name + " not as expected within " + WAIT + ": " + endpoint.osDaemons()
                + "\n" + log.entries());
    }

    private void awaitNoDaemon(String name) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (daemon(name).isPresent()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("daemon " + name + " still there after " + WAIT + ": " + daemon(name));
            }
            Thread.sleep(20);
        }
    }

    private static ProcessHandle process(DaemonInfo daemon) {
        return ProcessHandle.of(daemon.pid().orElseThrow()).orElseThrow();
    }

    private static boolean gone(ProcessHandle process) throws Exception {
        process.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS);
        return !process.isAlive();
    }

    private ProcessHandle announcedChild(String daemon) throws InterruptedException {
        String prefix = "Daemon \"" + daemon + "\" :: stubborn child ";
        String message = log.await(e -> e.message().startsWith(prefix), WAIT).message();
        long pid = Long.parseLong(message.substring(prefix.length()));
        return ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no process " + pid));
    }

    private static boolean running(DaemonInfo daemon) {
        return daemon.status() == DaemonStatus.RUNNING;
    }

    @Test
    void should_start_the_configer_at_boot_answer_it_from_the_live_config_and_restart_it_on_its_registered_key()
            throws Exception {
        start(Duration.ofSeconds(5), ini("local.ini", """
                [log]
                level = debug
                [uuids]
                algorithm = sequential
                [os_daemons]
                configer = %s
                """.formatted(DaemonCommands.of(ConfigerDaemon.class, "configer"))));
        log.await(LogLevel.INFO, "Daemon \"configer\" :: configer: every reply was right", WAIT);
        log.await(LogLevel.INFO, "Daemon \"configer\" :: configer: uuids algorithm is \"sequential\"", WAIT);
        long firstPid = daemon("configer").orElseThrow().pid().orElseThrow();

        TestClient.Reply put = TestClient.admin(endpoint).put("/_node/_local/_config/uuids/algorithm", "\"random\"");
        log.await(LogLevel.INFO, "Daemon \"configer\" restarting after config change.", WAIT);
        log.await(LogLevel.INFO, "Daemon \"configer\" :: configer: uuids algorithm is \"random\"", WAIT);

        assertThat(put.status()).isEqualTo(200);
        assertThat(log.entries()).extracting(RecordingLog.Entry::toString).contains(
                "[info] Daemon \"configer\" :: foobar!",
                "[debug] Daemon \"configer\" :: some stuff!",
                "[error] Invalid log message from daemon \"configer\": 2",
                "[error] Invalid log message from daemon \"configer\": true",
                "[error] Daemon \"configer\" made invalid request: [<<\"log\">>,<<\"stuff\">>,2]",
                "[error] Daemon \"configer\" made invalid request: [<<\"log\">>,3,null]",
                "[error] Invalid log message from daemon \"configer\": [1,2]",
                "[info] Daemon \"configer\" :: true",
                "[error] Daemon: \"configer\" :: an error",
                "[error] Invalid log level from daemon: <<\"bogus\">>",
                "[info] Daemon: \"configer\" :: at no level",
                "[error] Daemon \"configer\" made invalid request: [<<\"frobnicate\">>]",
                "[error] Ignoring OS daemon request: not JSON: this is not JSON");
        assertThat(log.messages(LogLevel.ERROR)).noneMatch(m -> m.contains("configer: expected"));
        DaemonInfo restarted = awaitDaemon("configer", OsDaemonsTest::running);
        assertThat(restarted.pid().orElseThrow()).isNotEqualTo(firstPid);
        assertThat(restarted.errors()).isZero();
    }

    @Test
    void should_start_and_stop_daemons_as_the_ini_files_change() throws Exception {
        String looper = DaemonCommands.of(LooperDaemon.class);
        Path defaults = ini("default.ini", "[os_daemons]\na = " + looper + "\n");
        Path local = ini("local.ini", "");
        start(Duration.ofSeconds(5), defaults, local);
        ProcessHandle a = process(awaitDaemon("a", OsDaemonsTest::running));

        ini("local.ini", "[os_daemons]\nb = " + looper + "\n");
        endpoint.reloadIniFiles();
        ProcessHandle b = process(awaitDaemon("b", OsDaemonsTest::running));
        ini("local.ini", "[os_daemons]\na =\nb = " + looper + "\n");
        endpoint.reloadIniFiles();
        awaitNoDaemon("a");
        ini("local.ini", "[os_daemons]\na =\nb = " + looper + " changed\n");
        endpoint.reloadIniFiles();
        DaemonInfo changed = awaitDaemon("b", d -> running(d) && d.command().endsWith(" changed"));

        assertThat(gone(a)).isTrue();
        assertThat(gone(b)).isTrue();
        assertThat(process(changed).isAlive()).isTrue();
        assertThat(endpoint.osDaemons()).extracting(DaemonInfo::name).containsExactly("b");
        assertThat(log.messages(LogLevel.ERROR)).isEmpty();
    }

    @Test
    void should_notice_a_changed_ini_file_by_itself() throws Exception {
        Path local = ini("local.ini", "[couchdb]\nmax_dbs_open = 500\n");
        start(Duration.ofSeconds(5), local);

        ini("local.ini", "[os_daemons]\nlater = " + DaemonCommands.of(LooperDaemon.class) + "\n");

        assertThat(process(awaitDaemon("later", OsDaemonsTest::running)).isAlive()).isTrue();
    }

    @Test
    void should_halt_a_daemon_that_dies_at_boot_and_commands_that_cannot_run_and_run_on() throws Exception {
        Path notExecutable = ini("os_daemon_bad_perm.sh", "#!/bin/sh\nsleep 5\n");
        Files.setPosixFilePermissions(notExecutable, PosixFilePermissions.fromString("rw-r--r--"));
        start(Duration.ofSeconds(5), ini("local.ini", """
                [os_daemons]
                dies = %s
                missing = /nonexistent/couchtck-daemon
                bad_perm = %s
                """.formatted(DaemonCommands.of(ExitingDaemon.class, "0", "1"), notExecutable)));

        for (String name : List.of("dies", "missing", "bad_perm")) {
            DaemonInfo halted = awaitDaemon(name, d -> d.status() == DaemonStatus.HALTED);
            assertThat(halted.pid()).isEmpty();
            assertThat(halted.errors()).isZero();
        }

        assertThat(log.messages(LogLevel.ERROR)).contains("Daemon \"dies\" halted with exit_status 1",
                "Daemon \"missing\" halted with exit_status 127", "Daemon \"bad_perm\" halted with exit_status 126");
        assertThat(log.messages(LogLevel.INFO)).filteredOn(m -> m.startsWith("Daemon \"missing\" is being rebooted"))
                .hasSize(2);
        assertThat(TestClient.admin(endpoint).get("/").status()).isEqualTo(200);
    }

    @Test
    void should_close_the_input_of_a_removed_daemon_and_kill_its_tree_after_the_grace() throws Exception {
        start(Duration.ofMillis(500), ini("local.ini",
                "[os_daemons]\nstubborn = " + DaemonCommands.of(StubbornDaemon.class) + "\n"));
        ProcessHandle child = announcedChild("stubborn");
        ProcessHandle root = process(daemon("stubborn").orElseThrow());

        ini("local.ini", "[os_daemons]\n");
        endpoint.reloadIniFiles();
        awaitNoDaemon("stubborn");

        assertThat(gone(root)).isTrue();
        assertThat(gone(child)).isTrue();
        assertThat(log.messages(LogLevel.INFO))
                .contains("Daemon \"stubborn\" still runs 500 ms after its input was closed: killing it");
    }

    @Test
    void should_leave_no_process_behind_when_the_endpoint_closes() throws Exception {
        start(Duration.ofMillis(500), ini("local.ini", """
                [os_daemons]
                stubborn = %s
                looper = %s
                """.formatted(DaemonCommands.of(StubbornDaemon.class), DaemonCommands.of(LooperDaemon.class))));
        ProcessHandle child = announcedChild("stubborn");
        ProcessHandle stubborn = process(daemon("stubborn").orElseThrow());
        ProcessHandle looper = process(awaitDaemon("looper", OsDaemonsTest::running));

        endpoint.close();

        assertThat(List.of(child, stubborn, looper)).noneMatch(ProcessHandle::isAlive);
    }

    @Test
    void should_survive_a_daemon_that_writes_garbage_and_a_huge_line() throws Exception {
        start(Duration.ofSeconds(5), ini("local.ini", """
                [garbage]
                key = the value
                [os_daemons]
                garbage = %s
                """.formatted(DaemonCommands.of(GarbageDaemon.class, Integer.toString(2 << 20)))));

        log.await(LogLevel.INFO, "Daemon \"garbage\" :: garbage answered 'the value'", WAIT);

        assertThat(log.messages(LogLevel.ERROR)).containsExactly(
                "Ignoring OS daemon request: a line that is not UTF-8 text",
                "Ignoring OS daemon request: a line of 2097152 bytes, over the limit of 1048576",
                "Ignoring OS daemon request: not JSON: this is not JSON");
        assertThat(daemon("garbage").orElseThrow().status()).isEqualTo(DaemonStatus.RUNNING);
    }
}
