package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.testservers.BrittleDaemon;
import org.couchtck.kit.testservers.FixedReplyExternal;
import org.couchtck.kit.testservers.GarbageDaemon;
import org.couchtck.kit.testservers.LossyEchoExternal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code couchtck run} and {@code list} with the daemon and external suites: defaults, broken targets, bad flags. */
@Timeout(120)
class DaemonRunCommandTest {

    @TempDir
    Path dir;

    private final CliRun cli = new CliRun();

    private static String command(Class<?> main, String... args) {
        return ServerCommand.javaMain(main.getName(), args).display();
    }

    @Test
    void both_suites_pass_against_the_kits_own_programs_and_appear_in_the_reports() throws IOException {
        // when
        int status = cli.couchtck("run", "--suite", "daemon,external", "--seed", "7", "--cases-per-property", "5",
                "--report-dir", dir.toString(), "--no-progress");

        // then
        assertThat(status).as(cli.out() + cli.err()).isZero();
        JsonNode results = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        List<String> suites = new ArrayList<>();
        results.path("cases").forEach(c -> suites.add(c.path("suite").asText()));
        assertThat(suites).contains("daemon", "external").doesNotContain("query-server", "http");
        assertThat(results.path("cases")).allSatisfy(c -> assertThat(c.path("verdict").asText())
                .as(c.path("id").asText()).isEqualTo("PASS"));
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("daemon/lifecycle")
                .contains("external/requests");
    }

    @Test
    void a_broken_daemon_named_alone_runs_the_daemon_suite_only_and_exits_1() throws IOException {
        // when
        int status = cli.couchtck("run", "--daemon", command(GarbageDaemon.class), "--report-dir", dir.toString(),
                "--no-progress");

        // then
        assertThat(status).as(cli.out() + cli.err()).isEqualTo(1);
        String results = Files.readString(dir.resolve("results.json"));
        assertThat(results).contains("daemon.get.well-formed").doesNotContain("\"external.")
                .doesNotContain("\"qs.");
        assertThat(cli.out()).contains("FAIL");
    }

    @Test
    void replay_with_the_seed_of_a_run_judges_the_same_generated_daemon_session() {
        // given: seed 0's first session sets a non-ASCII value in the daemon's section, which BrittleDaemon answers
        // with a malformed get; shrinking held to a few candidates (each starts the daemon)
        String daemon = command(BrittleDaemon.class, "couchtck");
        String[] generation = {"--seed", "0", "--cases-per-property", "1", "--shrink-steps", "2"};

        // when
        int ran = cli.couchtck(concat(new String[] {"run", "--daemon", daemon, "--include",
                "daemon.generated-sessions.*", "--report-dir", dir.resolve("run").toString(), "--no-progress"},
                generation));
        String runFailure = failureLine(cli.out());
        CliRun replay = new CliRun();
        int replayed = replay.couchtck(concat(new String[] {"replay", "daemon.generated-sessions.handled",
                "--daemon", daemon, "--report-dir", dir.resolve("replay").toString()}, generation));

        // then
        assertThat(ran).as(cli.out() + cli.err()).isEqualTo(1);
        assertThat(runFailure).contains("example 0 of seed 0: well-formed-gets:");
        assertThat(replayed).as(replay.out() + replay.err()).isEqualTo(1);
        assertThat(failureLine(replay.out())).isEqualTo(runFailure);
        assertThat(cli.out()).contains("couchtck replay daemon.generated-sessions.handled --seed 0 --daemon '");
    }

    private static String[] concat(String[] first, String[] second) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(second));
        return all.toArray(String[]::new);
    }

    /** The console line of the run's FAIL verdict. */
    private static String failureLine(String out) {
        return out.lines().filter(l -> l.strip().startsWith("FAIL  daemon.generated-sessions.handled")).findFirst()
                .orElse("(no FAIL line in:\n" + out + ")");
    }

    @Test
    void a_handler_whose_replies_couchdb_refuses_exits_1() {
        // when
        int status = cli.couchtck("run", "--external", command(FixedReplyExternal.class, "{\"code\":\"200\"}"),
                "--no-generated", "--report-dir", dir.toString(), "--no-progress");

        // then
        assertThat(status).as(cli.out() + cli.err()).isEqualTo(1);
    }

    @Test
    void a_daemon_or_handler_that_cannot_be_started_exits_3_with_one_line() {
        // when
        int daemon = cli.couchtck("run", "--daemon", "/no/such/daemon --flag", "--report-dir", dir.toString());
        String daemonError = cli.err();
        int handler = new CliRun().couchtck("run", "--external", "no-such-handler-on-the-path",
                "--report-dir", dir.toString());

        // then
        assertThat(daemon).isEqualTo(3);
        assertThat(daemonError.strip()).isEqualTo("couchtck: cannot start the daemon `/no/such/daemon --flag`: "
                + "/no/such/daemon: no such file (reports: " + dir + ")");
        assertThat(dir.resolve("junit.xml")).content().contains("<error message=\"not run: cannot start the ");
        assertThat(handler).isEqualTo(3);
    }

    @Test
    void bad_daemon_flags_exit_2_with_a_clear_error() throws IOException {
        Path badRule = dir.resolve("bad.ini");
        Files.writeString(badRule, "[os_daemon_settings]\nmax_retries = many\n");
        assertThat(usageError("--daemon-config", dir.resolve("missing.ini").toString()))
                .contains("--daemon-config").contains("no readable file there");
        assertThat(usageError("--daemon-config", badRule.toString()))
                .contains("[os_daemon_settings] max_retries must be a whole number, not 'many'");
        assertThat(usageError("--daemon-name", "my daemon")).contains("daemon name 'my daemon' is not a plain ini key");
        assertThat(usageError("--daemon", " ")).contains("--daemon needs the command line of a daemon");
        assertThat(usageError("--external", "")).contains("--external needs the command line");
        assertThat(usageError("--daemon", "x 'unterminated")).contains("unterminated single quote");
        assertThat(usageError("--suite", "http", "--daemon", "x")).contains("--suite leaves that suite out");
        assertThat(usageError("--suite", "daemon", "--external", "x")).contains("--suite leaves that suite out");
        assertThat(usageError("--exit-timeout", "soon")).contains("not a duration");
    }

    private String usageError(String... flags) {
        CliRun run = new CliRun();
        List<String> args = new ArrayList<>(List.of("run", "--report-dir", dir.toString()));
        args.addAll(List.of(flags));
        assertThat(run.couchtck(args.toArray(String[]::new))).as(run.err()).isEqualTo(2);
        return run.err();
    }

    @Test
    void list_shows_the_daemon_and_external_cases_with_their_suites() {
        // when
        int daemons = cli.couchtck("list", "--include", "daemon.*");
        String daemonList = cli.out();
        CliRun json = new CliRun();
        int externals = json.couchtck("list", "--include", "external.*", "--format", "json");

        // then
        assertThat(daemons).isZero();
        assertThat(daemonList).contains("daemon.lifecycle.exits-at-end-of-input")
                .contains("daemon.generated-sessions.handled").contains("17 cases");
        assertThat(externals).isZero();
        assertThat(json.out()).contains("\"suite\" : \"external\"").contains("external.requests.unicode-path")
                .contains("external.generated-requests.echo").doesNotContain("\"daemon.");
    }

    @Test
    void a_generated_external_case_replays_from_its_seed_against_the_handler_given() {
        // when: the lossy echo fails the echo property; its seed gives the same shrunk counterexample again
        String handler = command(LossyEchoExternal.class);
        int first = cli.couchtck("replay", "external.generated-requests.echo", "--seed", "5", "--external", handler,
                "--cases-per-property", "20", "--report-dir", dir.resolve("a").toString());
        String firstOut = cli.out();
        CliRun again = new CliRun();
        int second = again.couchtck("replay", "external.generated-requests.echo", "--seed", "5", "--external",
                handler, "--cases-per-property", "20", "--report-dir", dir.resolve("b").toString());

        // then
        assertThat(first).as(firstOut + cli.err()).isEqualTo(1);
        assertThat(second).isEqualTo(1);
        String reproducer = firstOut.substring(firstOut.indexOf("printf"));
        assertThat(again.out()).contains(reproducer.substring(0, reproducer.indexOf('\n')));
    }
}
