package org.couchtck.kit.endpoint.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.endpoint.Credentials;
import org.couchtck.kit.endpoint.EndpointSpec;
import org.couchtck.kit.endpoint.EndpointStartException;
import org.couchtck.kit.endpoint.HttpEndpoint;
import org.couchtck.kit.endpoint.HttpReply;
import org.couchtck.kit.endpoint.NoReplyException;
import org.couchtck.kit.endpoint.Outage;
import org.couchtck.kit.endpoint.RequestOwner;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.testservers.CrashingEndpoint;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LaunchedEndpointTest {

    /** Generous: a JVM's start on a loaded two-core machine. */
    private static final Duration START = Duration.ofSeconds(60);
    private static final Duration REQUEST = Duration.ofSeconds(10);

    private LaunchedEndpoint endpoint;

    @AfterEach
    void stop() throws InterruptedException {
        if (endpoint != null) {
            endpoint.close();
        }
        ChildProcesses.assertNoneAlive();
    }

    private static String command(String... args) {
        return ServerCommand.javaMain(CrashingEndpoint.class.getName(), args).display();
    }

    private static EndpointSpec.Command spec(String command) {
        return new EndpointSpec.Command(command, Optional.empty(), Optional.of(new Credentials("admin", "pw")));
    }

    private HttpReply get(String path) throws IOException, InterruptedException {
        HttpEndpoint target = endpoint.target();
        return target.send(target.adminCall("GET", path, REQUEST));
    }

    @Test
    void theEndpointIsStartedOnAFreePortAndAnswersOnceReady() throws Exception {
        endpoint = LaunchedEndpoint.start(spec(command("{port}")), REQUEST, START);

        assertThat(endpoint.uri().toString()).matches("http://127\\.0\\.0\\.1:\\d+");
        assertThat(get("/").body()).contains("Welcome");
        assertThat(endpoint.watch().outageCount()).isZero();
    }

    @Test
    void aCrashIsAnOutageNamingTheRequestInFlightAndTheLastWordsAndTheEndpointComesBack() throws Exception {
        endpoint = LaunchedEndpoint.start(spec(command("{port}", "{dir}")), REQUEST, START);

        assertThatThrownBy(() -> RequestOwner.call("case.one", () -> get("/db/crash")))
                .isInstanceOf(NoReplyException.class);

        assertThat(endpoint.watch().outageCount()).isEqualTo(1);
        Outage outage = endpoint.watch().outagesAfter(0).get(0);
        assertThat(outage.what()).isEqualTo("exited with status 1");
        assertThat(outage.suspects()).containsExactly("case.one");
        assertThat(outage.inFlightOf("case.one")).singleElement()
                .satisfies(request -> assertThat(request.request()).isEqualTo("GET /db/crash"));
        assertThat(outage.stderrTail()).contains("Error: crash requested by GET /db/crash");
        assertThat(endpoint.watch().awaitUp()).isTrue();
        assertThat(get("/db/ok").status()).isEqualTo(200);
        assertThat(endpoint.restarts()).isEqualTo(1);
    }

    @Test
    void aProcessThatStopsAnsweringIsKilledAndStartedAgain() throws Exception {
        endpoint = LaunchedEndpoint.start(spec(command("{port}")), Duration.ofSeconds(2), START);

        assertThatThrownBy(() -> get("/db/hang")).isInstanceOf(NoReplyException.class);

        assertThat(endpoint.watch().outageCount()).isEqualTo(1);
        assertThat(endpoint.watch().outagesAfter(0).get(0).what()).startsWith("stopped answering (GET / ");
        assertThat(endpoint.watch().awaitUp()).isTrue();
        assertThat(get("/").status()).isEqualTo(200);
    }

    @Test
    void aRequestTheServerAnswersWronglyIsNoOutage() throws Exception {
        endpoint = LaunchedEndpoint.start(spec(command("{port}")), REQUEST, START);

        assertThat(get("/db/missing").status()).isEqualTo(404);

        assertThat(endpoint.watch().outageCount()).isZero();
    }

    @Test
    void theOutputIsShownInTheTranscriptsOfTheCasesRunningMeanwhile() throws Exception {
        endpoint = LaunchedEndpoint.start(spec(command("{port}")), REQUEST, START);
        Transcript shown = new Transcript();
        Transcript notShown = new Transcript();

        try (AutoCloseable handle = endpoint.watch().showOutputTo(shown)) {
            get("/db/ok");
            awaitLine(shown, "[info] GET /db/ok");
        }
        get("/db/later/ok");
        get("/");

        assertThat(shown.entries()).anySatisfy(entry -> {
            assertThat(entry.direction()).isEqualTo(Direction.STDOUT);
            assertThat(entry.text()).isEqualTo("[info] GET /db/ok");
        });
        assertThat(shown.entries()).noneSatisfy(entry -> assertThat(entry.text()).contains("/db/later"));
        assertThat(notShown.entries()).isEmpty();
    }

    @Test
    void theFolderOfTheRunOutlivesARestartAndIsDeletedAtTheEnd() throws Exception {
        endpoint = LaunchedEndpoint.start(spec(command("{port}", "{dir}")), REQUEST, START);
        Path starts = endpoint.folder().orElseThrow().resolve("starts");

        assertThatThrownBy(() -> get("/db/crash")).isInstanceOf(IOException.class);
        assertThat(endpoint.watch().awaitUp()).isTrue();
        List<String> lines = Files.readAllLines(starts);
        endpoint.close();
        endpoint = null;

        assertThat(lines).hasSize(2);
        assertThat(starts.getParent()).doesNotExist();
    }

    @Test
    void anEndpointThatExitsAtItsStartIsAStartFailureWithItsLastWords() {
        assertThatThrownBy(() -> LaunchedEndpoint.start(spec(command("{port}", "{dir}", "exit-at-start")), REQUEST,
                START)).isInstanceOf(EndpointStartException.class)
                .hasMessageContaining("exited with status 3 before it answered GET /")
                .hasMessageContaining("cannot start: the test asked for it");
    }

    @Test
    void anEndpointThatNeverAnswersIsAStartFailureAfterTheStartTimeout() {
        assertThatThrownBy(() -> LaunchedEndpoint.start(spec(command("{port}", "{dir}", "never-ready")), REQUEST,
                Duration.ofSeconds(3))).isInstanceOf(EndpointStartException.class)
                .hasMessageContaining("did not answer GET /").hasMessageContaining("within 3000 ms (--start-timeout)");
    }

    @Test
    void aCommandWithoutAPortNeedsTheUrlItListensAt() {
        assertThatThrownBy(() -> EndpointSpec.parse(null, Optional.empty(), Optional.of("my-server --flag")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("{port}");
    }

    private static void awaitLine(Transcript transcript, String text) throws InterruptedException {
        long deadline = System.nanoTime() + REQUEST.toNanos();
        while (transcript.entries().stream().noneMatch(entry -> entry.text().equals(text))
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}
