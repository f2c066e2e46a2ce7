package org.couchtck.kit.daemons.programs;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class DaemonHttpServerTest {

    private final List<String> seen = new CopyOnWriteArrayList<>();

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Sends {@code request} as it is, the connection closing after it, and returns all that came back. */
    private static String exchange(int port, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private DaemonHttpServer start(int port) throws IOException {
        return DaemonHttpServer.start(port, (method, path, body) -> {
            seen.add(method + " " + path + " " + new String(body, StandardCharsets.UTF_8));
            return new DaemonHttpServer.Reply(201, DaemonChannel.JSON.createObjectNode().put("path", path));
        });
    }

    /** What a server that records each request and answers 201 {"path": its path} sends back for {@code request}. */
    private String answerTo(String request) throws IOException {
        int port = freePort();
        try (DaemonHttpServer server = start(port)) {
            return exchange(port, request);
        }
    }

    @Test
    void should_hand_method_raw_path_and_body_over_and_send_the_json_reply() throws IOException {
        // when
        String response = answerTo("PUT /a%2Fb/%C3%A9 HTTP/1.1\r\nHost: h\r\nContent-Length: 7\r\n"
                + "Connection: close\r\n\r\nHooray!");

        // then
        assertThat(response).startsWith("HTTP/1.1 201").contains("Content-Type: application/json");
        assertThatJson(response.substring(response.indexOf("\r\n\r\n") + 4)).isEqualTo("{\"path\":\"/a%2Fb/%C3%A9\"}");
        assertThat(seen).containsExactly("PUT /a%2Fb/%C3%A9 Hooray!");
    }

    @Test
    void should_read_a_content_length_given_twice_with_one_value_as_couchdb_2_proxy_sends_it() throws IOException {
        // when
        String response = answerTo("POST /exit HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\nContent-Length: 0\r\n"
                + "Connection: close\r\n\r\n");

        // then
        assertThat(response).startsWith("HTTP/1.1 201");
        assertThat(seen).containsExactly("POST /exit ");
    }

    @Test
    void should_refuse_two_content_lengths_that_differ() throws IOException {
        // when
        String response = answerTo("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 3\r\n"
                + "Connection: close\r\n\r\n{}");

        // then
        assertThat(response).startsWith("HTTP/1.1 400");
        assertThat(seen).isEmpty();
    }

    @Test
    void should_run_what_comes_afterwards_once_the_reply_is_sent() throws Exception {
        // given
        int port = freePort();
        CountDownLatch after = new CountDownLatch(1);
        try (DaemonHttpServer server = DaemonHttpServer.start(port, (method, path, body) ->
                new DaemonHttpServer.Reply(200, DaemonChannel.JSON.createObjectNode().put("bye", true),
                        after::countDown))) {
            // when
            String response = exchange(port, "GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n");

            // then
            assertThat(response).startsWith("HTTP/1.1 200").endsWith("{\"bye\":true}");
            assertThat(after.await(20, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void should_throw_a_bind_exception_when_the_port_is_taken() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> start(taken.getLocalPort())).isInstanceOf(BindException.class);
        }
    }
}
