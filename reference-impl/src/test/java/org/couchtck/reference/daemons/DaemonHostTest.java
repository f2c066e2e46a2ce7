package org.couchtck.reference.daemons;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import org.couchtck.reference.daemons.FakeLauncher.FakeProcess;
import org.couchtck.reference.log.LogLevel;
import org.couchtck.reference.log.RecordingLog;
import org.couchtck.reference.time.VirtualScheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The host's rules as simulations in virtual time with fake processes: couch_os_daemons 2.2.0 and
 * couchdb_os_daemons_tests.erl, case by case.
 */
class DaemonHostTest {

    private static final long GRACE = 5_000;

    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final MapConfig config = new MapConfig();
    private final FakeLauncher launcher = new FakeLauncher(scheduler);
    private final RecordingLog log = new RecordingLog();
    private final DaemonHost host = new DaemonHost(scheduler, config, launcher, log, Duration.ofMillis(GRACE));

    @AfterEach
    void close() {
        host.close();
    }

    /** Sets {@code [section] key} and tells the host, as the node's config does. */
    private void change(String section, String key, String value) {
        config.set(section, key, value);
        host.configChanged(section, key);
    }

    private void remove(String section, String key) {
        config.delete(section, key);
        host.configChanged(section, key);
    }

    private DaemonInfo daemon(String name) {
        return host.daemon(name).orElseThrow(() -> new AssertionError("no daemon " + name + " in " + host.daemons()));
    }

    /** Every live process is the current one of a daemon, and each daemon has one at most. */
    private void assertOneProcessPerName() {
        Set<Long> alive = launcher.alive().stream().map(p -> p.pid).collect(Collectors.toSet());
        List<Long> current = host.daemons().stream().map(DaemonInfo::pid).filter(OptionalLong::isPresent)
                .map(OptionalLong::getAsLong).toList();
        assertThat(current).doesNotHaveDuplicates();
        assertThat(Set.copyOf(current)).isEqualTo(alive);
    }

    @Test
    void should_start_every_configured_daemon_at_boot_and_nothing_before() {
        config.set("os_daemons", "foo", "looper").set("os_daemons", "bar", "looper").set("os_daemons", "baz", "looper");

        host.configChanged("os_daemons", "foo");
        List<FakeProcess> beforeStart = launcher.launched();
        host.start();

        assertThat(beforeStart).isEmpty();
        assertThat(host.daemons()).extracting(DaemonInfo::name).containsExactly("bar", "baz", "foo");
        assertThat(host.daemons()).allSatisfy(d -> {
            assertThat(d.status()).isEqualTo(DaemonStatus.RUNNING);
            assertThat(d.command()).isEqualTo("looper");
            assertThat(d.errors()).isZero();
            assertThat(d.pid()).isPresent();
        });
        assertThat(launcher.launched()).hasSize(3);
        assertOneProcessPerName();
    }

    @Test
    void should_keep_one_process_per_name_when_os_daemons_changes_without_touching_it() {
        change("os_daemons", "foo", "looper");
        host.start();

        change("os_daemons", "foo", "looper");
        change("os_daemons", "bar", "looper");
        host.configChanged("uuids", "algorithm");
        scheduler.advance(60_000);

        assertThat(launcher.launched("looper")).hasSize(2);
        assertThat(host.daemons()).extracting(DaemonInfo::name).containsExactly("bar", "foo");
        assertOneProcessPerName();
    }

    @Test
    void should_stop_only_the_removed_daemon_and_keep_the_other_running() {
        config.set("os_daemons", "foo", "looper a").set("os_daemons", "bar", "looper b");
        host.start();
        FakeProcess foo = launcher.latest("looper a");
        FakeProcess bar = launcher.latest("looper b");

        remove("os_daemons", "bar");
        DaemonStatus whileStopping = daemon("bar").status();
        scheduler.runDue();

        assertThat(whileStopping).isEqualTo(DaemonStatus.STOPPING);
        assertThat(bar.inputClosed).isTrue();
        assertThat(bar.alive).isFalse();
        assertThat(bar.killedAlive).isFalse();
        assertThat(host.daemons()).extracting(DaemonInfo::name).containsExactly("foo");
        assertThat(foo.alive).isTrue();
        assertThat(foo.inputClosed).isFalse();
        assertThat(log.messages(LogLevel.DEBUG)).contains("Stopping daemon: \"bar\"", "Port \"bar\" shut down.");
    }

    @Test
    void should_kill_a_removed_daemon_that_ignores_its_closed_input_once_the_grace_is_over() {
        change("os_daemons", "foo", "stubborn");
        host.start();
        FakeProcess foo = launcher.latest("stubborn");

        remove("os_daemons", "foo");
        scheduler.advance(GRACE - 1);
        boolean killedBeforeGrace = foo.killedAlive;
        DaemonStatus beforeGrace = daemon("foo").status();
        scheduler.advance(1);

        assertThat(foo.inputClosed).isTrue();
        assertThat(killedBeforeGrace).isFalse();
        assertThat(beforeGrace).isEqualTo(DaemonStatus.STOPPING);
        assertThat(foo.killedAlive).isTrue();
        assertThat(foo.alive).isFalse();
        assertThat(host.daemons()).isEmpty();
        assertThat(log.messages(LogLevel.INFO))
                .contains("Daemon \"foo\" still runs 5000 ms after its input was closed: killing it");
    }

    @Test
    void should_reboot_a_daemon_that_exits_and_keep_the_exit_on_record() {
        change("os_daemons", "foo", "exits 1000 1");
        host.start();
        long firstPid = daemon("foo").pid().orElseThrow();

        scheduler.advance(1000);

        assertThat(launcher.launched("exits 1000 1")).hasSize(2);
        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(daemon("foo").errors()).isEqualTo(1);
        assertThat(daemon("foo").pid().orElseThrow()).isNotEqualTo(firstPid);
        assertThat(log.messages(LogLevel.INFO)).containsExactly("Daemon \"foo\" is being rebooted after exit_status 1");
    }

    @Test
    void should_halt_a_daemon_at_its_third_exit_within_retry_time_and_not_start_it_again() {
        change("os_daemons", "foo", "exits 1000 1");
        host.start();

        scheduler.advance(2999);
        DaemonInfo beforeThird = daemon("foo");
        scheduler.advance(1);
        DaemonInfo halted = daemon("foo");
        scheduler.advance(600_000);

        assertThat(beforeThird.status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(beforeThird.errors()).isEqualTo(2);
        assertThat(halted).isEqualTo(new DaemonInfo("foo", "exits 1000 1", DaemonStatus.HALTED, 0, OptionalLong.empty()));
        assertThat(daemon("foo")).isEqualTo(halted);
        assertThat(launcher.launched()).hasSize(3);
        assertThat(log.messages(LogLevel.ERROR)).containsExactly("Daemon \"foo\" halted with exit_status 1");
    }

    @Test
    void should_declare_a_daemon_dying_at_once_halted_at_once_after_three_starts_with_the_defaults() {
        change("os_daemons", "foo", "exits 0 1");
        host.start();

        scheduler.runDue();

        assertThat(scheduler.nowMillis()).isZero();
        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.HALTED);
        assertThat(launcher.launched()).hasSize(3);
    }

    @Test
    void should_halt_with_max_retries_2_at_the_second_quick_exit_as_the_2_2_0_suite_configures_it() {
        config.set("os_daemon_settings", "max_retries", "2");
        change("os_daemons", "foo", "exits 0 1");
        host.start();

        scheduler.runDue();

        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.HALTED);
        assertThat(launcher.launched()).hasSize(2);
    }

    @Test
    void should_not_halt_a_daemon_that_lives_2_s_at_3_s_with_max_retries_2_as_can_reboot_checks() {
        config.set("os_daemon_settings", "max_retries", "2");
        change("os_daemons", "foo", "exits 2000 0");
        host.start();

        scheduler.advance(1000);
        DaemonInfo at1s = daemon("foo");
        scheduler.advance(2000);
        DaemonInfo at3s = daemon("foo");

        assertThat(at1s.status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(at1s.errors()).isZero();
        assertThat(at3s.status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(at3s.errors()).isEqualTo(1);
        assertThat(at3s.pid()).isNotEqualTo(at1s.pid());
    }

    @Test
    void should_count_an_exit_exactly_retry_time_old_as_recent() {
        change("os_daemons", "foo", "exits 2500 1");
        host.start();

        scheduler.advance(7500);

        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.HALTED);
    }

    @Test
    void should_never_halt_a_daemon_whose_exits_are_spread_out_beyond_retry_time() {
        change("os_daemons", "foo", "exits 2501 1");
        host.start();

        scheduler.advance(3_600_000);

        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(daemon("foo").errors()).isEqualTo(2);
        assertThat(launcher.launched()).hasSize(1 + 3_600_000 / 2501);
    }

    @Test
    void should_read_the_retry_settings_at_each_exit() {
        change("os_daemons", "foo", "exits 10000 1");
        host.start();
        scheduler.advance(10_000);

        config.set("os_daemon_settings", "max_retries", "2").set("os_daemon_settings", "retry_time", "10");
        scheduler.advance(10_000);

        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.HALTED);
    }

    @Test
    void should_log_a_retry_setting_that_is_no_integer_and_use_the_default() {
        config.set("os_daemon_settings", "max_retries", "three");
        change("os_daemons", "foo", "exits 0 1");
        host.start();

        scheduler.runDue();

        assertThat(launcher.launched()).hasSize(3);
        assertThat(log.messages(LogLevel.ERROR)).contains("Invalid [os_daemon_settings] max_retries 'three': using 3");
    }

    @Test
    void should_keep_a_halted_daemon_down_until_os_daemons_changes_then_start_it_afresh() {
        change("os_daemons", "foo", "exits 0 1");
        host.start();
        scheduler.runDue();

        change("uuids", "algorithm", "random");
        scheduler.advance(60_000);
        int whileHalted = launcher.launched().size();
        change("os_daemons", "bar", "looper");
        DaemonInfo foo = daemon("foo");

        assertThat(whileHalted).isEqualTo(3);
        assertThat(foo.status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(foo.errors()).isZero();
        assertThat(launcher.launched("exits 0 1")).hasSize(4);
        assertThat(daemon("bar").status()).isEqualTo(DaemonStatus.RUNNING);
        assertOneProcessPerName();
    }

    @Test
    void should_forget_a_halted_daemon_whose_entry_is_removed() {
        config.set("os_daemons", "bar", "looper");
        change("os_daemons", "foo", "exits 0 1");
        host.start();
        scheduler.runDue();

        remove("os_daemons", "foo");

        assertThat(host.daemons()).extracting(DaemonInfo::name).containsExactly("bar");
        assertThat(launcher.launched("exits 0 1")).hasSize(3);
    }

    @Test
    void should_start_the_new_command_of_a_halted_daemon_whose_command_changed() {
        change("os_daemons", "foo", "exits 0 1");
        host.start();
        scheduler.runDue();

        change("os_daemons", "foo", "looper");

        assertThat(daemon("foo").command()).isEqualTo("looper");
        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(launcher.launched("exits 0 1")).hasSize(3);
    }

    @Test
    void should_start_a_changed_command_only_once_the_old_process_is_gone() {
        change("os_daemons", "foo", "stubborn");
        host.start();
        FakeProcess old = launcher.latest("stubborn");

        change("os_daemons", "foo", "looper");
        DaemonInfo duringGrace = daemon("foo");
        List<FakeProcess> launchedDuringGrace = launcher.launched("looper");
        scheduler.advance(GRACE);

        assertThat(duringGrace.status()).isEqualTo(DaemonStatus.STOPPING);
        assertThat(duringGrace.command()).isEqualTo("stubborn");
        assertThat(launchedDuringGrace).isEmpty();
        assertThat(old.alive).isFalse();
        assertThat(daemon("foo").command()).isEqualTo("looper");
        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.RUNNING);
        assertOneProcessPerName();
    }

    @Test
    void should_start_a_name_configured_again_while_its_old_process_stops_once_that_is_gone() {
        change("os_daemons", "foo", "stubborn");
        host.start();

        remove("os_daemons", "foo");
        change("os_daemons", "foo", "stubborn");
        int duringGrace = launcher.launched().size();
        scheduler.advance(GRACE);

        assertThat(duringGrace).isEqualTo(1);
        assertThat(launcher.launched()).hasSize(2);
        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.RUNNING);
        assertOneProcessPerName();
    }

    @Test
    void should_restart_a_daemon_when_a_section_it_registered_changes_and_keep_its_registration() {
        change("os_daemons", "foo", "looper");
        host.start();
        FakeProcess first = launcher.latest("looper");
        first.say("[\"register\",\"uuids\"]");

        change("uuids", "algorithm", "random");
        DaemonStatus restarting = daemon("foo").status();
        scheduler.runDue();
        FakeProcess second = launcher.latest("looper");
        change("uuids", "max_count", "10");
        scheduler.runDue();

        assertThat(restarting).isEqualTo(DaemonStatus.RESTARTING);
        assertThat(first.inputClosed).isTrue();
        assertThat(first.alive).isFalse();
        assertThat(second).isNotSameAs(first);
        assertThat(second.inputClosed).isTrue();
        assertThat(launcher.launched()).hasSize(3);
        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(log.messages(LogLevel.INFO)).containsExactly("Daemon \"foo\" restarting after config change.",
                "Daemon \"foo\" restarting after config change.");
        assertOneProcessPerName();
    }

    @Test
    void should_restart_a_daemon_that_registered_a_key_only_when_that_key_changes() {
        change("os_daemons", "foo", "looper");
        host.start();
        launcher.latest("looper").say("[\"register\",\"httpd\",\"port\"]");

        change("httpd", "bind_address", "0.0.0.0");
        scheduler.runDue();
        int afterOtherKey = launcher.launched().size();
        change("httpd", "port", "5985");
        scheduler.runDue();

        assertThat(afterOtherKey).isEqualTo(1);
        assertThat(launcher.launched()).hasSize(2);
    }

    @Test
    void should_keep_the_exits_on_record_across_a_restart() {
        change("os_daemons", "foo", "exits 1000 1");
        host.start();
        scheduler.advance(1000);
        launcher.latest("exits 1000 1").say("[\"register\",\"uuids\"]");

        change("uuids", "algorithm", "random");
        DaemonStatus restarting = daemon("foo").status();
        scheduler.advance(1000); // the process it stopped exits by itself, and the restart follows

        assertThat(restarting).isEqualTo(DaemonStatus.RESTARTING);
        assertThat(daemon("foo").errors()).isEqualTo(1);
        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(launcher.launched()).hasSize(3);
        assertThat(log.messages(LogLevel.INFO)).containsExactly("Daemon \"foo\" is being rebooted after exit_status 1",
                "Daemon \"foo\" restarting after config change.");
    }

    @Test
    void should_not_restart_a_halted_or_stopping_daemon_when_a_section_it_registered_changes() {
        config.set("os_daemons", "halts", "exits 1000 1").set("os_daemons", "stops", "stubborn");
        host.start();
        launcher.latest("stubborn").say("[\"register\",\"uuids\"]");
        remove("os_daemons", "stops");
        for (int i = 0; i < 3; i++) {
            launcher.latest("exits 1000 1").say("[\"register\",\"uuids\"]");
            scheduler.advance(1000);
        }
        DaemonStatus stops = daemon("stops").status();

        change("uuids", "algorithm", "random");
        scheduler.advance(GRACE);

        assertThat(stops).isEqualTo(DaemonStatus.STOPPING);
        assertThat(daemon("halts").status()).isEqualTo(DaemonStatus.HALTED);
        assertThat(host.daemon("stops")).isEmpty();
        assertThat(launcher.launched()).hasSize(4);
    }

    @Test
    void should_stop_a_restarting_daemon_whose_entry_is_removed() {
        change("os_daemons", "foo", "stubborn");
        host.start();
        launcher.latest("stubborn").say("[\"register\",\"uuids\"]");
        change("uuids", "algorithm", "random");

        remove("os_daemons", "foo");
        DaemonStatus status = daemon("foo").status();
        scheduler.advance(GRACE);

        assertThat(status).isEqualTo(DaemonStatus.STOPPING);
        assertThat(host.daemons()).isEmpty();
        assertThat(launcher.launched()).hasSize(1);
    }

    @Test
    void should_run_one_process_of_a_daemon_that_registered_os_daemons_when_os_daemons_changes() {
        change("os_daemons", "foo", "looper");
        host.start();
        launcher.latest("looper").say("[\"register\",\"os_daemons\"]");

        change("os_daemons", "bar", "looper");
        scheduler.runDue();

        assertThat(launcher.launched()).hasSize(3);
        assertThat(host.daemons()).extracting(DaemonInfo::status)
                .containsExactly(DaemonStatus.RUNNING, DaemonStatus.RUNNING);
        assertOneProcessPerName();
    }

    @Test
    void should_answer_get_from_the_live_configuration() {
        config.set("uuids", "algorithm", "sequential");
        change("os_daemons", "configer", "looper");
        host.start();
        FakeProcess daemon = launcher.latest("looper");

        String section = daemon.say("[\"get\",\"os_daemons\"]").orElseThrow();
        String key = daemon.say("[\"get\",\"uuids\",\"algorithm\"]").orElseThrow();
        config.set("uuids", "algorithm", "random"); // not even announced: get reads the config as it is now
        String changed = daemon.say("[\"get\",\"uuids\",\"algorithm\"]").orElseThrow();
        String unknownSection = daemon.say("[\"get\",\"aal;3p4\"]").orElseThrow();
        String unknownKey = daemon.say("[\"get\",\"aal;3p4\",\"313234kjhsdfl\"]").orElseThrow();

        assertThatJson(section).isEqualTo("{\"configer\":\"looper\"}");
        assertThat(key).isEqualTo("\"sequential\"");
        assertThat(changed).isEqualTo("\"random\"");
        assertThat(unknownSection).isEqualTo("{}");
        assertThat(unknownKey).isEqualTo("null");
        assertThat(daemon.received).containsExactly(section, key, changed, unknownSection, unknownKey);
    }

    @Test
    void should_log_at_the_levels_asked_and_log_invalid_log_requests_as_os_daemon_configer_escript_sends_them() {
        change("os_daemons", "configer", "looper");
        host.start();
        FakeProcess daemon = launcher.latest("looper");

        for (String line : List.of("[\"log\",\"foobar!\"]", "[\"log\",\"some stuff!\",{\"level\":\"debug\"}]",
                "[\"log\",2]", "[\"log\",true]", "[\"log\",\"stuff\",2]", "[\"log\",3,null]",
                "[\"log\",[1,2],{\"level\":\"debug\"}]", "[\"log\",\"true\",{}]",
                "[\"log\",\"it broke\",{\"level\":\"error\"}]", "[\"log\",\"odd\",{\"level\":\"warning\"}]",
                "[\"log\",\"odder\",{\"level\":5}]")) {
            assertThat(daemon.say(line)).isEmpty();
        }

        assertThat(log.entries()).extracting(RecordingLog.Entry::toString).containsExactly(
                "[info] Daemon \"configer\" :: foobar!",
                "[debug] Daemon \"configer\" :: some stuff!",
                "[error] Invalid log message from daemon \"configer\": 2",
                "[error] Invalid log message from daemon \"configer\": true",
                "[error] Daemon \"configer\" made invalid request: [<<\"log\">>,<<\"stuff\">>,2]",
                "[error] Daemon \"configer\" made invalid request: [<<\"log\">>,3,null]",
                "[error] Invalid log message from daemon \"configer\": [1,2]",
                "[info] Daemon \"configer\" :: true",
                "[error] Daemon: \"configer\" :: it broke",
                "[error] Invalid log level from daemon: <<\"warning\">>",
                "[info] Daemon: \"configer\" :: odd",
                "[error] Invalid log level from daemon: 5",
                "[info] Daemon: \"configer\" :: odder");
        assertThat(daemon("configer").status()).isEqualTo(DaemonStatus.RUNNING);
    }

    @Test
    void should_log_invalid_requests_and_lines_that_are_no_json_and_keep_the_daemon_running() {
        change("os_daemons", "foo", "looper");
        host.start();
        FakeProcess daemon = launcher.latest("looper");

        for (String line : List.of("[\"frobnicate\"]", "{\"get\":\"uuids\"}", "[\"get\",5]", "[\"get\",\"a\",null]",
                "[\"register\",1]", "[\"get\",\"a\",\"b\",\"c\"]", "[]", "\"get\"", "not json", "[\"get\"] trailing",
                "")) {
            assertThat(daemon.say(line)).isEmpty();
        }
        daemon.writeUnreadable("a line that is not UTF-8 text");
        String stillAnswered = daemon.say("[\"get\",\"x\",\"y\"]").orElseThrow();

        assertThat(log.messages(LogLevel.ERROR)).containsExactly(
                "Daemon \"foo\" made invalid request: [<<\"frobnicate\">>]",
                "Daemon \"foo\" made invalid request: {[{<<\"get\">>,<<\"uuids\">>}]}",
                "Daemon \"foo\" made invalid request: [<<\"get\">>,5]",
                "Daemon \"foo\" made invalid request: [<<\"get\">>,<<\"a\">>,null]",
                "Daemon \"foo\" made invalid request: [<<\"register\">>,1]",
                "Daemon \"foo\" made invalid request: [<<\"get\">>,<<\"a\">>,<<\"b\">>,<<\"c\">>]",
                "Daemon \"foo\" made invalid request: []",
                "Daemon \"foo\" made invalid request: <<\"get\">>",
                "Ignoring OS daemon request: not JSON: not json",
                "Ignoring OS daemon request: not JSON: [\"get\"] trailing",
                "Ignoring OS daemon request: not JSON: ",
                "Ignoring OS daemon request: a line that is not UTF-8 text");
        assertThat(stillAnswered).isEqualTo("null");
        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(launcher.launched()).hasSize(1);
    }

    @Test
    void should_treat_a_command_that_cannot_start_as_an_exit_and_halt_it_by_the_same_rule() {
        change("os_daemons", "foo", "unstartable");
        host.start();
        DaemonInfo beforeItsExit = daemon("foo");

        scheduler.runDue();

        assertThat(beforeItsExit.status()).isEqualTo(DaemonStatus.RUNNING);
        assertThat(beforeItsExit.pid()).isEmpty();
        assertThat(daemon("foo").status()).isEqualTo(DaemonStatus.HALTED);
        assertThat(log.messages(LogLevel.ERROR)).containsExactly(
                "Daemon \"foo\" could not be started: cannot run program \"unstartable\"",
                "Daemon \"foo\" could not be started: cannot run program \"unstartable\"",
                "Daemon \"foo\" could not be started: cannot run program \"unstartable\"",
                "Daemon \"foo\" halted with exit_status 127");
    }

    @Test
    void should_close_every_daemons_input_and_kill_the_ones_still_there_on_close() {
        config.set("os_daemons", "a", "looper").set("os_daemons", "b", "stubborn");
        host.start();
        FakeProcess looper = launcher.latest("looper");
        FakeProcess stubborn = launcher.latest("stubborn");

        host.close();
        scheduler.runDue();

        assertThat(looper.inputClosed).isTrue();
        assertThat(stubborn.inputClosed).isTrue();
        assertThat(stubborn.killedAlive).isTrue();
        assertThat(launcher.alive()).isEmpty();
        assertThat(host.daemons()).isEmpty();
        assertThat(launcher.launched()).hasSize(2);
    }

    @Test
    void should_ignore_what_a_process_reports_after_it_was_replaced() {
        change("os_daemons", "foo", "looper");
        host.start();
        FakeProcess first = launcher.latest("looper");
        first.say("[\"register\",\"uuids\"]");
        change("uuids", "algorithm", "random");

        scheduler.runDue();

        assertThat(first.alive).isFalse();
        assertThat(daemon("foo").pid()).hasValue(launcher.latest("looper").pid);
        assertThat(launcher.launched()).hasSize(2);
    }
}
