package org.couchtck.kit.daemons.external;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.daemons.DaemonSettings;
import org.couchtck.kit.daemons.DaemonTargets;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.testservers.FixedReplyExternal;
import org.couchtck.kit.testservers.GarbageServer;
import org.couchtck.kit.testservers.LossyEchoExternal;
import org.couchtck.kit.testservers.SilentServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Timeout;

/**
 * The {@code _external} corpus and generated cases against the kit's echo handler, which passes every case, and
 * against a double for each check, which breaks it.
 */
@Timeout(180)
class ExternalSuiteRunnerTest {

    private static final String VALID = "{\"code\":200,\"json\":{\"ok\":true}}";
    private static final GenerationBudget BUDGET = new GenerationBudget(15, Duration.ofSeconds(10), 300,
            Duration.ofSeconds(20));

    private static String command(Class<?> main, String... args) {
        return ServerCommand.javaMain(main.getName(), args).display();
    }

    private static Map<String, CaseResult> run(Optional<String> handler, Duration timeout, Duration startTimeout) {
        List<ExternalCase> cases = new ArrayList<>(ExternalCorpus.builtIn().cases());
        cases.addAll(GeneratedExternalSuites.cases());
        return run(handler, timeout, startTimeout, cases);
    }

    private static Map<String, CaseResult> run(Optional<String> handler, Duration timeout, Duration startTimeout,
            List<ExternalCase> cases) {
        // 1 s to exit: the lingering handler waits it out, and 4× that when judged again (a slow exit is judged so too)
        DaemonSettings settings = DaemonSettings.defaults().withExitWithin(Duration.ofSeconds(1));
        DaemonTargets targets = new DaemonTargets(Optional.empty(), Optional.empty(), DaemonTargets.DEFAULT_NAME,
                handler, settings);
        Map<String, CaseResult> results = new LinkedHashMap<>();
        try (ExternalSuiteRunner runner = new ExternalSuiteRunner(targets, timeout, startTimeout, 42L, BUDGET)) {
            cases.forEach(c -> results.put(c.id(), runner.run(c)));
        }
        return results;
    }

    private static Map<String, CaseResult> run(Optional<String> handler) {
        return run(handler, Duration.ofSeconds(5), Duration.ofSeconds(30));
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

    private static Map<String, Verdict> requestCases(Map<String, CaseResult> results) {
        Map<String, Verdict> requests = new LinkedHashMap<>(verdicts(results));
        requests.keySet().removeIf(id -> !id.startsWith("external.requests."));
        return requests;
    }

    @Test
    void the_kits_echo_handler_passes_every_case_generated_ones_included() {
        // when: the default target
        Map<String, CaseResult> results = run(Optional.empty());

        // then
        assertThat(verdicts(results).values()).as(explain(results)).containsOnly(Verdict.PASS);
        assertThat(results.get(GeneratedExternalSuites.ECHO).transcript())
                .anySatisfy(e -> assertThat(e.text()).contains("15 generated examples"));
    }

    @Test
    void a_handler_that_replies_garbage_fails_every_request() {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(GarbageServer.class)));

        // then
        assertThat(requestCases(results).values()).as(explain(results)).containsOnly(Verdict.FAIL);
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("external.session.many-requests", Verdict.FAIL)
                .containsEntry("external.response.unambiguous", Verdict.WARN)
                .containsEntry("external.robustness.after-bad-line", Verdict.WARN)
                .containsEntry(GeneratedExternalSuites.ACCEPTED, Verdict.FAIL)
                .containsEntry(GeneratedExternalSuites.ECHO, Verdict.NA);
        assertThat(results.get("external.requests.get").message()).contains("not JSON");
        assertThat(results.get(GeneratedExternalSuites.ACCEPTED).message()).contains("shrunk from")
                .contains("reproduce: printf");
    }

    @Test
    void a_handler_that_exits_after_its_first_request_fails_the_session_and_the_generated_requests() {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(FixedReplyExternal.class, VALID, "--exit-after",
                "1")));

        // then: the session case shows it; a single request, run again in a new process, is answered
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("external.session.many-requests", Verdict.FAIL)
                .containsEntry(GeneratedExternalSuites.ACCEPTED, Verdict.FAIL);
        assertThat(requestCases(results).values()).as(explain(results)).containsOnly(Verdict.PASS);
        assertThat(results.get("external.session.many-requests").message()).startsWith("step 1: no reply");
        assertThat(results.get(GeneratedExternalSuites.ACCEPTED).message()).contains("request 2 of 2 got no reply");
    }

    @Test
    void a_handler_that_never_replies_fails_until_it_is_declared_unresponsive() {
        // when: 300 ms per reply, 1 s for a new process's first
        Map<String, CaseResult> results = run(Optional.of(command(SilentServer.class)), Duration.ofMillis(300),
                Duration.ofSeconds(1));

        // then
        assertThat(results.get("external.requests.get").verdict()).isEqualTo(Verdict.FAIL);
        assertThat(results.get("external.requests.get").message()).contains("no reply")
                .contains("OS process timed out.");
        assertThat(verdicts(results).values()).as(explain(results)).doesNotContain(Verdict.PASS)
                .contains(Verdict.ERROR);
        assertThat(results.values()).filteredOn(r -> r.verdict() == Verdict.ERROR)
                .allSatisfy(r -> assertThat(r.message()).contains("stopped answering"));
    }

    @Test
    void a_handler_with_a_reply_couchdb_refuses_fails_on_the_rule_it_breaks() {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(FixedReplyExternal.class,
                "{\"code\":\"200\",\"status\":1}")));

        // then
        assertThat(requestCases(results).values()).as(explain(results)).containsOnly(Verdict.FAIL);
        assertThat(results.get("external.requests.post-json").message())
                .contains("code is a string, not a whole number").contains("(and 1 more)");
    }

    @Test
    void a_handler_with_an_ambiguous_reply_passes_the_requests_and_breaks_the_should_case() {
        // when: json and body both, which CouchDB sends, but not as meant
        Map<String, CaseResult> results = run(Optional.of(command(FixedReplyExternal.class,
                "{\"code\":200,\"json\":{},\"body\":\"x\"}")));

        // then
        assertThat(requestCases(results).values()).as(explain(results)).containsOnly(Verdict.PASS);
        assertThat(verdicts(results)).containsEntry("external.response.unambiguous", Verdict.WARN);
        assertThat(results.get("external.response.unambiguous").message()).contains("more than one of json, body");
    }

    @Test
    void a_handler_too_slow_to_exit_once_passes_as_slow_when_judged_again_with_larger_bounds(@TempDir Path dir) {
        // when: 1 s to exit, and the handler takes 2.5 s once; the case that judges the exit, alone (a process
        // replaced by a fresh one also sees its input end)
        Map<String, CaseResult> results = run(Optional.of(command(FixedReplyExternal.class, VALID,
                "--slow-exit-once", dir.resolve("slow").toString(), "2500")), Duration.ofSeconds(5),
                Duration.ofSeconds(30), ExternalCorpus.builtIn().cases().stream()
                        .filter(c -> c.id().equals("external.robustness.exits-at-end-of-input")).toList());

        // then it ran out of time once and passed when judged again with 4 s, saying so
        assertThat(results.values()).as(explain(results)).filteredOn(CaseResult::slow).singleElement()
                .satisfies(slow -> assertThat(slow.message()).startsWith("slow here: it passed only when judged "
                        + "again alone with 4× its bounds").contains("did not exit within 1000 ms of its input being "
                        + "closed"));
    }

    @Test
    void a_handler_that_ignores_the_end_of_its_input_is_killed_and_warned_about() throws InterruptedException {
        // when
        Map<String, CaseResult> results = run(Optional.of(command(FixedReplyExternal.class, VALID, "--linger")));

        // then
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry("external.robustness.exits-at-end-of-input", Verdict.WARN);
        assertThat(results.get("external.robustness.exits-at-end-of-input").message())
                .contains("the kit killed it");
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void a_handler_that_echoes_wrongly_fails_the_generated_echo_with_a_shrunk_counterexample() {
        // when: it turns every non-ASCII character into ?
        Map<String, CaseResult> results = run(Optional.of(command(LossyEchoExternal.class)));

        // then
        assertThat(requestCases(results).values()).as(explain(results)).containsOnly(Verdict.PASS);
        assertThat(verdicts(results)).as(explain(results))
                .containsEntry(GeneratedExternalSuites.ACCEPTED, Verdict.PASS)
                .containsEntry(GeneratedExternalSuites.ECHO, Verdict.FAIL);
        CaseResult echo = results.get(GeneratedExternalSuites.ECHO);
        assertThat(echo.message()).contains("the echo differs at").contains("shrunk from")
                .contains("reproduce: printf");
        assertThat(echo.seed()).hasValue(42L);
    }
}
