package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.Credentials;
import org.couchtck.kit.endpoint.EndpointSpec;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.endpoint.HttpCaseExecutor;
import org.couchtck.kit.endpoint.HttpCorpus;
import org.couchtck.kit.endpoint.HttpEndpoint;
import org.couchtck.kit.endpoint.HttpRunSettings;
import org.couchtck.kit.endpoint.RequestOwner;
import org.couchtck.kit.endpoint.launch.LaunchedEndpoint;
import org.couchtck.kit.endpoint.launch.UrlWatch;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.testservers.CrashingEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs cases against a launched endpoint that exits on one request ({@link CrashingEndpoint}): the case that makes it
 * exit fails as the cause, the cases beside it are judged on runs the outage did not touch.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class CaseAttemptsTest {

    private static final Duration REQUEST = Duration.ofSeconds(10);
    private static final Duration START = Duration.ofSeconds(60);

    @TempDir
    Path fixtures;

    private List<HttpCase> corpus(String cases) throws Exception {
        Files.writeString(fixtures.resolve("t.json"), "{\"section\": \"t\", \"spec\": \"test\", \"cases\": [" + cases
                + "]}");
        return HttpCorpus.load(fixtures).cases();
    }

    private static String okCase(String name) {
        return "{\"id\": \"http.t." + name + "\", \"level\": \"MUST\", \"description\": \"answers ok\", \"steps\": ["
                + "{\"request\": {\"path\": \"/{{db}}/ok\"}, \"expect\": {\"status\": 200}},"
                + "{\"request\": {\"path\": \"/{{db}}/again/ok\"}, \"expect\": {\"status\": 200}}]}";
    }

    @Test
    void theCaseWhoseRequestCrashesTheEndpointFailsAsTheCauseAndTheOthersAreJudgedOnCleanRuns() throws Exception {
        List<HttpCase> cases = corpus(String.join(",", okCase("one"), okCase("two"), okCase("three"),
                "{\"id\": \"http.t.crasher\", \"level\": \"SHOULD\", \"description\": \"crashes it\", \"steps\": ["
                        + "{\"request\": {\"path\": \"/{{db}}/ok\"}, \"expect\": {\"status\": 200}},"
                        + "{\"request\": {\"path\": \"/{{db}}/crash\"}, \"expect\": {\"status\": 200}}]}",
                okCase("four"), okCase("five")));
        String command = ServerCommand.javaMain(CrashingEndpoint.class.getName(), "{port}").display();
        Map<String, CaseResult> results = new ConcurrentHashMap<>();
        try (LaunchedEndpoint endpoint = LaunchedEndpoint.start(new EndpointSpec.Command(command, Optional.empty(),
                Optional.of(new Credentials("admin", "pw"))), REQUEST, START)) {
            HttpCaseExecutor executor = new HttpCaseExecutor(endpoint.target(), HttpRunSettings.of("attempts")
                    .withRequestTimeout(REQUEST).withWatch(endpoint.watch()));
            CaseAttempts attempts = new CaseAttempts(endpoint.watch());
            ExecutorService threads = Executors.newFixedThreadPool(3);
            List<Future<Optional<CaseResult>>> beside = new ArrayList<>();
            for (HttpCase c : cases) {
                beside.add(threads.submit(() -> attempts.besideOthers(c, () -> owned(c, executor))));
            }
            for (int i = 0; i < cases.size(); i++) {
                HttpCase c = cases.get(i);
                CaseResult result = beside.get(i).get().orElseGet(() -> attempts.alone(c, () -> owned(c, executor)));
                results.put(c.id(), result);
            }
            threads.shutdown();

            assertThat(endpoint.watch().outageCount()).isEqualTo(3);
            assertThat(attempts.causeOf(3)).hasValue("http.t.crasher");
        }

        CaseResult crasher = results.get("http.t.crasher");
        assertThat(crasher.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(crasher.message()).startsWith("the endpoint exited with status 1 while this case ran alone "
                + "(outage 3; in flight: GET /couchtck-attempts-").containsPattern(
                        "/crash; the last answer before it: GET /couchtck-attempts-[^ ]+/ok answered 200\\)")
                .contains("its standard error ends: Error: crash requested by GET /");
        assertThat(crasher.transcript()).anySatisfy(entry -> assertThat(entry.text())
                .startsWith("run 1 of the case was not judged: the endpoint exited with status 1 (outage 1)"));
        assertThat(results.values()).filteredOn(r -> !r.caseId().equals("http.t.crasher"))
                .allSatisfy(r -> assertThat(r.verdict()).as(r.caseId() + ": " + r.message())
                        .isEqualTo(Verdict.PASS));
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void aServerTheKitDidNotStartThatGoesAwayForGoodLeavesTheRemainingCasesNotRun() throws Exception {
        List<HttpCase> cases = corpus(String.join(",", okCase("first"), okCase("second")));
        // nothing listens on the discard port
        HttpEndpoint target = HttpEndpoint.of(java.net.URI.create("http://127.0.0.1:9"), REQUEST);
        try (UrlWatch watch = UrlWatch.of(target, Optional.empty(), Duration.ofSeconds(2))) {
            HttpCaseExecutor executor = new HttpCaseExecutor(target, HttpRunSettings.of("gone")
                    .withRequestTimeout(REQUEST).withWatch(watch));
            CaseAttempts attempts = new CaseAttempts(watch);

            Optional<CaseResult> first = attempts.besideOthers(cases.get(0), () -> owned(cases.get(0), executor));
            Optional<CaseResult> second = attempts.besideOthers(cases.get(1), () -> owned(cases.get(1), executor));

            assertThat(first).hasValueSatisfying(r -> assertThat(r.message())
                    .startsWith("not run: the endpoint is gone: it did not answer GET / again within 2000 ms"));
            assertThat(second).hasValueSatisfying(r -> assertThat(r.message()).isEqualTo(first.get().message()));
            assertThat(watch.outageCount()).isEqualTo(1);
        } finally {
            target.close();
        }
    }

    private static CaseResult owned(HttpCase c, HttpCaseExecutor executor) {
        try {
            return RequestOwner.call(c.id(), () -> executor.run(c));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
