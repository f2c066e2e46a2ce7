package org.couchtck.reference.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /_name} configured as a proxy, end to end over HTTP with WireMock (or, where the timing of bytes matters, a
 * raw socket) as the backend, forwarded and answered as CouchDB 2.2.0's couch_httpd_proxy did; several cases are those
 * of its couchdb_http_proxy_tests.
 */
class ProxyRouteTest {

    private static final String PROXY = "{couch_httpd_proxy, handle_proxy_req, <<\"%s\">>}";
    /** A client that does not offer an h2c upgrade (which the proxy would forward as any header). */
    private static final HttpClient HTTP_1_1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static WireMockServer backend;
    private static ReferenceEndpoint endpoint;
    private static TestClient admin;
    private static String backendUrl;

    @BeforeAll
    static void start() {
        backend = new WireMockServer(options().dynamicPort());
        backend.start();
        backendUrl = "http://127.0.0.1:" + backend.port();
        endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
        admin = TestClient.admin(endpoint);
    }

    @AfterAll
    static void stop() {
        endpoint.close();
        backend.stop();
    }

    @BeforeEach
    void proxyTest() {
        backend.resetAll();
        backend.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/plain").withBody("ok")));
        proxy("_test", backendUrl);
    }

    @Test
    void should_proxy_a_basic_request_to_the_destinations_root() {
        HttpResponse<byte[]> response = admin.raw("GET", "/_test", Map.of(), null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(text(response)).isEqualTo("ok");
        assertThat(only().getUrl()).isEqualTo("/");
        assertThat(only().getMethod().getName()).isEqualTo("GET");
    }

    @Test
    void should_return_the_backends_status() {
        backend.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(201).withBody("ok")));

        HttpResponse<byte[]> response = admin.raw("GET", "/_test/alternate_status", Map.of(), null);

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(only().getUrl()).isEqualTo("/alternate_status");
    }

    @Test
    void should_respect_a_trailing_slash_and_pass_the_query_as_sent() {
        admin.raw("GET", "/_test/trailing_slash/", Map.of(), null);
        admin.raw("GET", "/_test/a/b?x=1&y=%20z", Map.of(), null);
        admin.raw("GET", "/_test?q=1", Map.of(), null);

        assertThat(urls()).containsExactly("/trailing_slash/", "/a/b?x=1&y=%20z", "/?q=1");
    }

    @Test
    void should_append_the_rest_of_the_path_to_a_destination_with_a_path_of_its_own() {
        proxy("_pre", backendUrl + "/prefix/");

        admin.raw("GET", "/_pre", Map.of(), null);
        admin.raw("GET", "/_pre/a/b", Map.of(), null);

        assertThat(urls()).containsExactly("/prefix/", "/prefix/a/b");
    }

    @Test
    void should_read_the_destination_from_the_config_at_every_request() {
        proxy("_moving", backendUrl + "/one");
        admin.raw("GET", "/_moving/x", Map.of(), null);

        proxy("_moving", backendUrl + "/two");
        admin.raw("GET", "/_moving/x", Map.of(), null);

        assertThat(urls()).containsExactly("/one/x", "/two/x");
    }

    @Test
    void should_pass_the_clients_headers_host_included() {
        admin.raw("GET", "/_test/passes_header", Map.of("X-CouchDB-Ralph", "plankton"), null);

        LoggedRequest received = only();
        assertThat(received.getHeader("X-CouchDB-Ralph")).isEqualTo("plankton");
        // the Host the client addressed (the endpoint), not the backend's: ibrowse ran with headers_as_is
        assertThat(received.getHeader("Host")).isEqualTo("127.0.0.1:" + endpoint.uri().getPort());
        assertThat(received.getHeader("Authorization")).startsWith("Basic ");
    }

    @Test
    void should_pass_the_backends_headers_back_with_each_set_cookie_kept() {
        backend.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withHeader("X-CouchDB-Plankton", "ralph")
                .withHeader("Set-Cookie", "a=1", "b=2").withBody("ok")));

        HttpResponse<byte[]> response = admin.raw("GET", "/_test/passes_header_back", Map.of(), null);

        assertThat(response.headers().firstValue("X-CouchDB-Plankton")).contains("ralph");
        assertThat(response.headers().allValues("Set-Cookie")).containsExactly("a=1", "b=2");
        assertThat(response.headers().firstValue("X-Couch-Request-ID")).isEmpty();
    }

    @Test
    void should_proxy_a_body_both_ways() {
        backend.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(201).withBody("foobarbazinga")));

        HttpResponse<byte[]> response = admin.raw("PUT", "/_test/passes_body", Map.of("Content-Type", "text/plain"),
                "Hooray!".getBytes(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(text(response)).isEqualTo("foobarbazinga");
        assertThat(only().getMethod().getName()).isEqualTo("PUT");
        assertThat(only().getBodyAsString()).isEqualTo("Hooray!");
        assertThat(only().getHeader("Content-Length")).isEqualTo("7");
    }

    @Test
    void should_proxy_a_body_whose_client_waits_for_100_continue() throws Exception {
        HttpResponse<String> response = HTTP_1_1.send(HttpRequest.newBuilder(URI.create(endpoint.uri() + "/_test/c"))
                .expectContinue(true).PUT(HttpRequest.BodyPublishers.ofString("after the continue"))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(only().getBodyAsString()).isEqualTo("after the continue");
        assertThat(only().getHeader("Expect")).isEqualToIgnoringCase("100-continue");
    }

    @Test
    void should_announce_an_empty_body_for_a_post_without_one_and_send_none_for_a_delete() throws Exception {
        rawRequest(endpoint.uri().getPort(), "POST /_test/empty HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        rawRequest(endpoint.uri().getPort(), "DELETE /_test/gone HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");

        List<LoggedRequest> received = received();
        assertThat(received.get(0).getHeader("Content-Length")).isEqualTo("0");
        assertThat(received.get(1).getMethod().getName()).isEqualTo("DELETE");
        assertThat(received.get(1).containsHeader("Content-Length")).isFalse();
    }

    @Test
    void should_proxy_a_chunked_request_body() throws Exception {
        String response = rawRequest(endpoint.uri().getPort(), "POST /_test/passes_chunked_body HTTP/1.1\r\n"
                + "Host: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3\r\nfoo\r\n3\r\nbar\r\n7\r\nbazinga\r\n0\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 200");
        assertThat(only().getBodyAsString()).isEqualTo("foobarbazinga");
        assertThat(only().getHeader("Transfer-Encoding")).isEqualTo("chunked");
    }

    @Test
    void should_proxy_a_chunked_response_chunked() {
        backend.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("foobarbazinga")
                .withChunkedDribbleDelay(3, 30)));

        HttpResponse<byte[]> response = admin.raw("GET", "/_test/passes_chunked_body_back", Map.of(), null);

        assertThat(response.headers().firstValue("Transfer-Encoding")).contains("chunked");
        assertThat(text(response)).isEqualTo("foobarbazinga");
    }

    @Test
    void should_speak_the_clients_http_version_to_the_backend() throws Exception {
        String response = rawRequest(endpoint.uri().getPort(), "GET /_test/uses_same_version HTTP/1.0\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.").contains(" 200 ").endsWith("ok");
        assertThat(only().getProtocol()).isEqualTo("HTTP/1.0");
    }

    @Test
    void should_send_head_as_head_and_answer_with_the_backends_length_and_no_body() {
        HttpResponse<byte[]> response = admin.raw("HEAD", "/_test/head", Map.of(), null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEmpty();
        assertThat(only().getMethod().getName()).isEqualTo("HEAD");
    }

    @Test
    void should_rewrite_the_backends_urls_to_point_under_the_proxy() {
        String proxied = endpoint.uri() + "/_test";
        assertThat(redirect("Location", backendUrl + "/foo/bar")).isEqualTo(proxied + "/foo/bar");
        assertThat(redirect("Content-Location", backendUrl + "/bing?q=2")).isEqualTo(proxied + "/bing?q=2");
        assertThat(redirect("Uri", backendUrl + "/zip#frag")).isEqualTo(proxied + "/zip#frag");
        assertThat(redirect("Destination", backendUrl)).isEqualTo(proxied + "/");
        assertThat(redirect("Location", "https://google.com/search")).isEqualTo("https://google.com/search");
        assertThat(redirect("Location", "/foo")).isEqualTo(proxied + "/foo");
        assertThat(redirect("Content-Location", "bar")).isEqualTo(proxied + "/bar");
    }

    @Test
    void should_answer_500_when_the_backend_refuses_the_connection() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        proxy("_error", "http://127.0.0.1:" + closedPort + "/");

        TestClient.Reply reply = admin.get("/_error");

        assertThat(reply.status()).isEqualTo(500);
        assertThatJson(reply.body()).isEqualTo("{\"error\":\"error\",\"reason\":\"{conn_failed,{error,econnrefused}}\"}");
    }

    @Test
    void should_answer_500_when_the_backend_closes_the_connection_without_an_answer() {
        backend.stubFor(any(anyUrl()).willReturn(aResponse().withFault(Fault.EMPTY_RESPONSE)));

        TestClient.Reply reply = admin.get("/_test/dropped");

        assertThat(reply.status()).isEqualTo(500);
        assertThatJson(reply.body()).isEqualTo("{\"error\":\"error\",\"reason\":\"connection_closed\"}");
    }

    @Test
    void should_refuse_wrong_credentials_before_proxying() {
        TestClient.Reply reply = new TestClient(endpoint.uri(), "admin", "wrong").get("/_test/secret");

        assertThat(reply.status()).isEqualTo(401);
        assertThat(received()).isEmpty();
    }

    @Test
    void should_proxy_to_this_server_for_a_destination_written_as_a_path_string() {
        endpoint.config().set(ConfiguredHandlers.GLOBAL, "_self", "{couch_httpd_proxy, handle_proxy_req, \"/_up\"}");
        endpoint.config().set(ConfiguredHandlers.GLOBAL, "_selfbin",
                "{couch_httpd_proxy, handle_proxy_req, <<\"/_up\">>}");

        TestClient.Reply string = admin.get("/_self");
        TestClient.Reply binary = admin.get("/_selfbin");

        assertThat(string.status()).isEqualTo(200);
        assertThat(string.body().path("status").asText()).isEqualTo("ok");
        // get_urls hands the binary to absolute_uri, which wants a list, once the backend has answered
        assertThat(binary.status()).isEqualTo(400);
        assertThatJson(binary.body()).isEqualTo("{\"error\":\"bad_request\",\"reason\":\"path must begin with a /.\"}");
    }

    @Test
    void should_answer_what_couchdb_crashed_with_for_handlers_it_could_not_run() {
        endpoint.config().set(ConfiguredHandlers.GLOBAL, "_nope", "{no_such_module, handle}");
        endpoint.config().set(ConfiguredHandlers.GLOBAL, "_broken", "{couch_httpd_proxy, handle_proxy_req, <<\"x\"");
        endpoint.config().set(ConfiguredHandlers.GLOBAL, "/", String.format(PROXY, backendUrl));
        try {
            assertThatJson(admin.get("/_nope").body()).isEqualTo("{\"error\":\"unknown_error\",\"reason\":\"undef\"}");
            assertThat(admin.get("/_broken").status()).isEqualTo(500);
            assertThatJson(admin.get("/").body()).isEqualTo("{\"error\":\"unknown_error\",\"reason\":\"badarg\"}");
        } finally {
            endpoint.config().delete(ConfiguredHandlers.GLOBAL, "/");
        }
        assertThat(received()).isEmpty();
    }

    @Test
    void should_stream_a_chunked_response_back_chunk_by_chunk() throws Exception {
        CountDownLatch firstSeen = new CountDownLatch(1);
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture<Boolean> streamed = CompletableFuture.supplyAsync(() -> serveOnce(server, (in, out) -> {
                readHead(in);
                out.write(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nfirst\r\n"));
                out.flush();
                // the rest only once the client has seen the first chunk through the proxy
                boolean seen = firstSeen.await(20, TimeUnit.SECONDS);
                out.write(ascii("6\r\nsecond\r\n0\r\n\r\n"));
                out.flush();
                return seen;
            }));
            proxy("_stream", "http://127.0.0.1:" + server.getLocalPort());

            HttpResponse<InputStream> response = HTTP_1_1.send(HttpRequest.newBuilder(
                    URI.create(endpoint.uri() + "/_stream")).timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                byte[] first = body.readNBytes(5);
                firstSeen.countDown();
                byte[] rest = body.readAllBytes();

                assertThat(new String(first, StandardCharsets.US_ASCII)).isEqualTo("first");
                assertThat(new String(rest, StandardCharsets.US_ASCII)).isEqualTo("second");
            }
            assertThat(streamed.get(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void should_stream_a_chunked_request_body_to_the_backend_as_it_arrives() throws Exception {
        CountDownLatch firstArrived = new CountDownLatch(1);
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture<String> backendSaw = CompletableFuture.supplyAsync(() -> serveOnce(server, (in, out) -> {
                readHead(in);
                StringBuilder body = new StringBuilder();
                String size;
                while (!(size = line(in)).equals("0")) {
                    body.append(new String(in.readNBytes(Integer.parseInt(size, 16)), StandardCharsets.US_ASCII));
                    line(in);
                    firstArrived.countDown();
                }
                line(in);
                out.write(ascii("HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"));
                out.flush();
                return body.toString();
            }));
            proxy("_upload", "http://127.0.0.1:" + server.getLocalPort());

            try (Socket client = new Socket("127.0.0.1", endpoint.uri().getPort())) {
                OutputStream out = client.getOutputStream();
                out.write(ascii("POST /_upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n5\r\nfirst\r\n"));
                out.flush();
                // the second chunk only once the backend has had the first through the proxy
                boolean arrived = firstArrived.await(20, TimeUnit.SECONDS);
                out.write(ascii("6\r\nsecond\r\n0\r\n\r\n"));
                out.flush();
                String response = new String(client.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);

                assertThat(arrived).isTrue();
                assertThat(response).startsWith("HTTP/1.1 201").endsWith("ok");
            }
            assertThat(backendSaw.get(30, TimeUnit.SECONDS)).isEqualTo("firstsecond");
        }
    }

    @Test
    void should_wait_for_a_slow_backend_and_end_the_wait_when_the_endpoint_closes() throws Exception {
        ReferenceEndpoint own = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
        CountDownLatch asked = new CountDownLatch(1);
        try (ServerSocket server = new ServerSocket(0)) {
            CompletableFuture.runAsync(() -> serveOnce(server, (in, out) -> {
                readHead(in);
                asked.countDown();
                // never answers: the connection stays open until the proxy closes it
                return in.read();
            }));
            own.config().set(ConfiguredHandlers.GLOBAL, "_slow", String.format(PROXY,
                    "http://127.0.0.1:" + server.getLocalPort()));
            CompletableFuture<HttpResponse<String>> waiting = HTTP_1_1.sendAsync(
                    HttpRequest.newBuilder(URI.create(own.uri() + "/_slow")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(asked.await(20, TimeUnit.SECONDS)).isTrue();

            own.close();

            // whether the client then sees an error reply or a dropped connection, it waits no longer
            assertThat(waiting.handle((reply, failure) -> "ended")).succeedsWithin(Duration.ofSeconds(20));
        }
    }

    private static void proxy(String name, String destination) {
        endpoint.config().set(ConfiguredHandlers.GLOBAL, name, String.format(PROXY, destination));
    }

    private static String redirect(String header, String value) {
        backend.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(302).withHeader(header, value).withBody("ok")));
        HttpResponse<byte[]> response = admin.raw("GET", "/_test/rewrite_test", Map.of(), null);
        assertThat(response.statusCode()).isEqualTo(302);
        return response.headers().firstValue(header).orElseThrow();
    }

    private static LoggedRequest only() {
        List<LoggedRequest> received = received();
        assertThat(received).hasSize(1);
        return received.get(0);
    }

    /** What the backend received, oldest first. */
    private static List<LoggedRequest> received() {
        List<LoggedRequest> requests = new java.util.ArrayList<>(backend.findAll(
                com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor(anyUrl())));
        requests.sort(java.util.Comparator.comparing(LoggedRequest::getLoggedDate));
        return requests;
    }

    private static List<String> urls() {
        return received().stream().map(LoggedRequest::getUrl).toList();
    }

    private static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    /** Sends {@code request} as it is over a socket of its own and reads the whole response, to the close. */
    private static String rawRequest(int port, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(60_000);
            socket.getOutputStream().write(ascii(request));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** One connection's worth of a hand-written backend. */
    private interface Conversation<T> {
        T talk(InputStream in, OutputStream out) throws Exception;
    }

    private static <T> T serveOnce(ServerSocket server, Conversation<T> conversation) {
        try (Socket socket = server.accept()) {
            socket.setSoTimeout(60_000);
            return conversation.talk(socket.getInputStream(), socket.getOutputStream());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void readHead(InputStream in) throws IOException {
        while (!line(in).isEmpty()) {
            // the request line and headers: the tests here look at the body only
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
