package org.couchtck.kit.endpoint.externals;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class KitBackendTest {

    private static KitBackend backend;

    @BeforeAll
    static void start() {
        backend = KitBackend.start(0);
    }

    @AfterAll
    static void stop() {
        backend.close();
    }

    /**
     * Sends {@code request} as it is on a connection kept alive and returns the response as it came: up to the end its
     * Content-Length or its last chunk says.
     */
    private static String exchange(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", backend.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            while (!complete(all.toString(StandardCharsets.UTF_8))) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                all.write(b);
            }
            return all.toString(StandardCharsets.UTF_8);
        }
    }

    private static boolean complete(String response) {
        int end = response.indexOf("\r\n\r\n");
        if (end < 0) {
            return false;
        }
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)\r\nContent-Length: (\\d+)\r\n")
                .matcher(response.substring(0, end + 2));
        if (length.find()) {
            return response.getBytes(StandardCharsets.UTF_8).length - end - 4 >= Integer.parseInt(length.group(1));
        }
        return response.endsWith("\r\n0\r\n\r\n");
    }

    /** The data of a chunked body. */
    private static String dechunked(String body) {
        StringBuilder data = new StringBuilder();
        int at = 0;
        while (true) {
            int lineEnd = body.indexOf("\r\n", at);
            int size = Integer.parseInt(body.substring(at, lineEnd).strip(), 16);
            if (size == 0) {
                return data.toString();
            }
            data.append(body, lineEnd + 2, lineEnd + 2 + size);
            at = lineEnd + 2 + size + 2;
        }
    }

    private static String body(String response) {
        return response.substring(response.indexOf("\r\n\r\n") + 4);
    }

    @Test
    void should_echo_the_request_as_it_came_when_no_reply_is_scripted() throws IOException {
        // when
        String response = exchange("PUT /a%2Fb/%C3%A9/?x=%20y&z HTTP/1.1\r\nHost: example.org\r\nX-Test: one\r\n"
                + "Content-Length: 7\r\n\r\nHooray!");

        // then
        assertThat(response).startsWith("HTTP/1.1 200").contains("X-Couchtck-Backend: echo");
        assertThatJson(body(response)).isEqualTo("{\"method\":\"PUT\",\"url\":\"/a%2Fb/%C3%A9/?x=%20y&z\","
                + "\"headers\":{\"host\":\"example.org\",\"x-test\":\"one\",\"content-length\":\"7\"},"
                + "\"body\":\"Hooray!\",\"chunked\":false}");
        assertThat(response).contains("Content-Length: ");
    }

    @Test
    void should_read_a_content_length_given_twice_with_one_value_and_show_both_in_its_echo() throws IOException {
        // when: what CouchDB 2.2.0's proxy sends for an empty POST
        String response = exchange("POST /empty HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\nContent-Length: 0"
                + "\r\n\r\n");

        // then
        assertThat(response).startsWith("HTTP/1.1 200");
        assertThatJson(body(response)).inPath("headers.content-length").isEqualTo("\"0, 0\"");
    }

    @Test
    void should_refuse_two_content_lengths_that_differ() throws IOException {
        // when
        String response = exchange("POST /two HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 3"
                + "\r\nConnection: close\r\n\r\n{}");

        // then
        assertThat(response).startsWith("HTTP/1.1 400");
    }

    @Test
    void should_see_a_chunked_request_as_chunked_with_its_body_whole() throws IOException {
        // when
        String response = exchange("POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked"
                + "\r\n\r\n3\r\nfoo\r\n7\r\nbazinga\r\n0\r\n\r\n");

        // then
        assertThatJson(body(response)).inPath("body").isEqualTo("\"foobazinga\"");
        assertThatJson(body(response)).inPath("chunked").isEqualTo(true);
    }

    @Test
    void should_answer_what_the_script_header_asks_with_a_length_or_in_chunks() throws IOException {
        // when
        String plain = exchange("GET /s HTTP/1.1\r\nHost: h\r\nX-Couchtck-Reply: "
                + "{\"status\":201,\"headers\":{\"X-Back\":\"ralph\",\"Set-Cookie\":[\"a=1\",\"b=2\"]},"
                + "\"body\":\"ok\"}\r\n\r\n");
        String chunked = exchange("GET /s HTTP/1.1\r\nHost: h\r\nX-Couchtck-Reply: "
                + "{\"body\":\"foobarbazinga\",\"chunked\":true}\r\n\r\n");

        // then
        assertThat(plain).startsWith("HTTP/1.1 201").contains("X-Back: ralph").contains("Set-Cookie: a=1")
                .contains("Set-Cookie: b=2").contains("Content-Length: 2").endsWith("\r\n\r\nok");
        assertThat(chunked).startsWith("HTTP/1.1 200").containsIgnoringCase("Transfer-Encoding: chunked")
                .doesNotContainIgnoringCase("Content-Length");
        assertThat(dechunked(body(chunked))).isEqualTo("foobarbazinga");
    }

    @Test
    void should_record_every_request_in_its_journal_in_order() throws IOException {
        // when
        exchange("POST /couchtck/boots/d1 HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n{}");
        exchange("POST /couchtck/boots/d1 HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nX-N: 2\r\n"
                + "\r\n\r\n{}");

        // then
        assertThat(backend.received()).filteredOn(r -> r.getUrl().equals("/couchtck/boots/d1")).hasSize(2)
                .last().satisfies(r -> assertThat(r.getHeader("X-N")).isEqualTo("2"));
        assertThat(backend.receivedWith("X-N", "2")).hasSize(1);
    }
}
