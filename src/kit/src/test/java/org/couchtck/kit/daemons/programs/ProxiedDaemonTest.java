package org.couchtck.kit.daemons.programs;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.couchtck.kit.endpoint.externals.KitBackend;
import org.couchtck.kit.process.ChildProcesses;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The kit's HTTP-serving daemon against a host played by the test over its standard streams. */
@Timeout(60)
class ProxiedDaemonTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static KitBackend backend;

    @BeforeAll
    static void startBackend() {
        backend = KitBackend.start(0);
    }

    @AfterAll
    static void stopBackend() {
        backend.close();
    }

    @AfterEach
    void noProcessLeft() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Starts the daemon of {@code section} and answers its boot requests: the port, then the witness. */
    private static HostSide boot(String section, int port, String witness) throws Exception {
        HostSide host = HostSide.start(ProxiedDaemon.class, section);
        assertThat(host.next()).isEqualTo("[\"get\",\"" + section + "\",\"port\"]");
        host.send("\"" + port + "\"");
        assertThat(host.next()).isEqualTo("[\"register\",\"" + section + "\",\"restart\"]");
        assertThat(host.next()).isEqualTo("[\"register\",\"" + section + "_watch\"]");
        assertThat(host.next()).isEqualTo("[\"get\",\"" + section + "\",\"witness\"]");
        host.send(witness);
        assertThat(host.next()).startsWith("[\"log\",\"ProxiedDaemon ");
        return host;
    }

    private static HttpResponse<String> request(String method, int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody()).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void should_serve_on_the_port_its_config_gives_and_answer_config_through_the_host() throws Exception {
        // given
        int port = freePort();
        try (HostSide host = boot("sec", port, "null")) {
            // when
            HttpResponse<String> about = request("GET", port, "/");
            Thread asker = new Thread(() -> {
                try {
                    assertThat(host.next()).isEqualTo("[\"get\",\"a b\",\"k\"]");
                    host.send("\"v\"");
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            asker.start();
            HttpResponse<String> value = request("GET", port, "/config/a%20b/k");
            asker.join();

            // then
            assertThat(about.statusCode()).isEqualTo(200);
            assertThatJson(about.body()).isEqualTo("{\"daemon\":\"sec\",\"instance\":\"${json-unit.any-string}\","
                    + "\"previous\":null,\"pid\":\"${json-unit.any-number}\"}");
            assertThatJson(value.body()).isEqualTo("{\"value\":\"v\"}");

            host.closeInput();
            assertThat(host.exit()).as("exit status once its input closed").isEqualTo(0);
        }
    }

    @Test
    void should_write_noise_then_ask_again_and_exit_with_3_when_asked_to() throws Exception {
        // given
        int port = freePort();
        try (HostSide host = boot("sec", port, "null")) {
            Thread answerer = new Thread(() -> {
                try {
                    assertThat(host.next()).isEqualTo("this line is no JSON");
                    assertThat(host.next()).isEqualTo("[\"no_such_request\",\"sec\"]");
                    assertThat(host.next()).isEqualTo("[\"get\",\"sec\",\"port\"]");
                    host.send("\"" + port + "\"");
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            answerer.start();

            // when
            HttpResponse<String> noise = request("POST", port, "/noise");
            answerer.join();
            HttpResponse<String> exit = request("POST", port, "/exit");

            // then
            assertThatJson(noise.body()).isEqualTo("{\"value\":\"" + port + "\"}");
            assertThatJson(exit.body()).inPath("exiting").isString();
            assertThat(host.exit()).isEqualTo(3);
        }
    }

    @Test
    void should_report_its_boot_to_the_witness_and_know_the_instance_before_it() throws Exception {
        // given
        int port = freePort();
        String witness = "\"" + backend.uri() + "\"";
        String first;
        try (HostSide host = boot("witnessed", port, witness)) {
            first = DaemonChannel.JSON.readTree(request("GET", port, "/").body()).path("instance").textValue();
            host.closeInput();
            assertThat(host.exit()).isEqualTo(0);
        }

        // when
        try (HostSide host = boot("witnessed", port, witness)) {
            HttpResponse<String> about = request("GET", port, "/");

            // then
            assertThatJson(about.body()).inPath("previous").isEqualTo("\"" + first + "\"");
            assertThat(backend.received()).filteredOn(r -> r.getUrl().equals("/couchtck/boots/witnessed"))
                    .hasSize(2).first().satisfies(r -> assertThatJson(r.getBodyAsString()).inPath("instance")
                            .isEqualTo("\"" + first + "\""));
            host.closeInput();
            assertThat(host.exit()).isEqualTo(0);
        }
    }

    @Test
    void should_exit_with_1_when_its_config_gives_no_port() throws Exception {
        try (HostSide host = HostSide.start(ProxiedDaemon.class, "sec")) {
            // when
            assertThat(host.next()).isEqualTo("[\"get\",\"sec\",\"port\"]");
            host.send("null");

            // then
            assertThat(host.next()).startsWith("[\"log\",\"ProxiedDaemon: [sec] port is null");
            assertThat(host.exit()).isEqualTo(1);
        }
    }
}
