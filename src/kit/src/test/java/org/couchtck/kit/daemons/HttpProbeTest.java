package org.couchtck.kit.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The probe of a daemon's port: any HTTP response, within its bound. */
@Timeout(30)
class HttpProbeTest {

    private static long inMillis(long millis) {
        return System.nanoTime() + Duration.ofMillis(millis).toNanos();
    }

    @Test
    void any_http_response_is_an_answer() throws IOException, InterruptedException {
        // given
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        try {
            // when
            HttpProbe.Result result = HttpProbe.probe(server.getAddress().getPort(), inMillis(10_000));

            // then
            assertThat(result.answered()).isTrue();
            assertThat(result.detail()).startsWith("HTTP/1.1 404");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void a_port_nothing_listens_on_is_tried_until_the_deadline() throws IOException, InterruptedException {
        // given
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }

        // when
        HttpProbe.Result result = HttpProbe.probe(port, inMillis(500));

        // then
        assertThat(result.answered()).isFalse();
        assertThat(result.attempts()).isGreaterThan(1);
        assertThat(result.detail()).contains("connecting to 127.0.0.1:" + port + " failed");
    }

    @Test
    void a_listener_that_never_speaks_http_is_no_answer() throws IOException, InterruptedException {
        // given: accepts connections (the backlog does), reads nothing, writes nothing
        try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            // when
            HttpProbe.Result result = HttpProbe.probe(silent.getLocalPort(), inMillis(500));

            // then
            assertThat(result.answered()).isFalse();
            assertThat(result.detail()).contains("no HTTP response");
        }
    }
}
