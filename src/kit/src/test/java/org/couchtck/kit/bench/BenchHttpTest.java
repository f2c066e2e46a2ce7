package org.couchtck.kit.bench;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BenchHttpTest {

    @Test
    void should_say_the_connection_was_refused_when_nothing_listens() throws Exception {
        // given
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        BenchHttp http = new BenchHttp(HttpClient.newHttpClient(), URI.create("http://127.0.0.1:" + port + "/"), null,
                Duration.ofSeconds(5));

        // when / then
        assertThatThrownBy(() -> http.send("PUT", "/couchtck-bench-1", null, 201))
                .isInstanceOf(EndpointBenchmark.BenchException.class)
                .hasMessage("PUT /couchtck-bench-1 failed: could not connect: connection refused");
    }
}
