package org.couchtck.kit.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.http.Fault;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class HttpEndpointTest {

    private static final Duration BOUND = Duration.ofMillis(800);

    private WireMockServer wireMock;
    private HttpEndpoint endpoint;
    private RawHttpServer raw;

    @BeforeEach
    void start() {
        wireMock = new WireMockServer(options().dynamicPort());
        wireMock.start();
    }

    @AfterEach
    void stop() throws Exception {
        if (endpoint != null) {
            endpoint.close();
        }
        if (raw != null) {
            raw.close();
        }
        wireMock.stop();
    }

    private HttpEndpoint endpoint(URI uri) {
        endpoint = HttpEndpoint.of(uri, Duration.ofSeconds(5));
        return endpoint;
    }

    private static HttpCall call(String method, String path, Optional<String> body, Duration timeout,
            HttpCall.Header... headers) {
        return new HttpCall(method, path, List.of(headers), body, timeout);
    }

    @Test
    void should_leave_pooled_connections_usable_when_replies_are_read_from_several_threads_at_once() throws Exception {
        // given: small whole replies, so the client pools each connection again as soon as a body ends
        wireMock.stubFor(get("/db/doc").willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody("{\"_id\":\"doc\"}\n")));
        HttpEndpoint target = endpoint(URI.create("http://localhost:" + wireMock.port()));
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(4);
        java.util.List<java.util.concurrent.Future<Integer>> failures = new java.util.ArrayList<>();

        // when: four threads send one request after another through one endpoint
        try {
            for (int t = 0; t < 4; t++) {
                failures.add(threads.submit(() -> {
                    int failed = 0;
                    for (int i = 0; i < 150; i++) {
                        try {
                            if (target.send(call("GET", "/db/doc", Optional.empty(), Duration.ofSeconds(10)))
                                    .status() != 200) {
                                failed++;
                            }
                        } catch (IOException e) {
                            failed++;
                        }
                    }
                    return failed;
                }));
            }

            // then: closing a reply whose body had ended never closed a connection another request had taken
            for (java.util.concurrent.Future<Integer> f : failures) {
                assertThat(f.get(60, TimeUnit.SECONDS)).isZero();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void should_send_the_request_and_read_the_whole_reply_when_the_server_answers() throws Exception {
        // given
        wireMock.stubFor(post("/couch/db/_bulk_docs").willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withHeader("X-Couch-Request-ID", "r1")
                .withBody("[{\"ok\":true}]\n")));
        HttpEndpoint target = endpoint(URI.create("http://admin:s%3Acret@localhost:" + wireMock.port() + "/couch/"));

        // when
        HttpReply reply = target.send(call("POST", "/db/_bulk_docs", Optional.of("{\"docs\":[{}]}"), BOUND,
                new HttpCall.Header("Content-Type", "application/json"),
                new HttpCall.Header("Authorization", target.adminCredentials().orElseThrow().basicAuthorization())));

        // then
        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.headers().firstValue("x-couch-request-id")).contains("r1");
        assertThat(reply.body()).isEqualTo("[{\"ok\":true}]\n");
        assertThat(reply.incomplete()).isEmpty();
        assertThat(target.baseUri()).isEqualTo(URI.create("http://localhost:" + wireMock.port() + "/couch"));
        assertThat(target.adminCredentials()).contains(new Credentials("admin", "s:cret"));
        wireMock.verify(postRequestedFor(urlEqualTo("/couch/db/_bulk_docs"))
                .withHeader("Authorization", equalTo("Basic YWRtaW46czpjcmV0"))
                .withRequestBody(equalToJson("{\"docs\":[{}]}")));
    }

    @Test
    void should_say_unreachable_when_nothing_listens_on_the_port() throws Exception {
        // given
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        HttpEndpoint target = endpoint(URI.create("http://127.0.0.1:" + port));

        // when / then
        assertThatThrownBy(() -> target.send(call("GET", "/", Optional.empty(), BOUND)))
                .isInstanceOf(EndpointUnreachableException.class)
                .hasMessage("could not connect: connection refused");
    }

    @Test
    void should_give_up_after_the_bound_when_the_server_never_sends_headers() throws Exception {
        // given
        raw = new RawHttpServer(RawHttpServer.SILENT);
        HttpEndpoint target = endpoint(raw.uri());
        Instant started = Instant.now();

        // when / then
        assertThatThrownBy(() -> target.send(call("GET", "/", Optional.empty(), BOUND)))
                .isInstanceOf(NoReplyException.class)
                .hasMessage("no response within 800 ms");
        assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void should_say_no_reply_when_the_server_closes_without_a_response() {
        // given
        wireMock.stubFor(get("/").willReturn(aResponse().withFault(Fault.EMPTY_RESPONSE)));
        HttpEndpoint target = endpoint(URI.create(wireMock.baseUrl()));

        // when / then
        assertThatThrownBy(() -> target.send(call("GET", "/", Optional.empty(), BOUND)))
                .isInstanceOf(NoReplyException.class);
    }

    @Test
    void should_say_no_reply_when_the_server_answers_garbage() throws Exception {
        // given
        raw = new RawHttpServer((socket, in, out) -> {
            RawHttpServer.readHead(in);
            RawHttpServer.write(out, "garbage, not HTTP\r\n\r\n");
        });
        HttpEndpoint target = endpoint(raw.uri());

        // when / then
        assertThatThrownBy(() -> target.send(call("GET", "/", Optional.empty(), BOUND)))
                .isInstanceOf(NoReplyException.class);
    }

    @Test
    void should_return_what_came_and_say_why_when_the_body_never_ends() throws Exception {
        // given
        raw = new RawHttpServer((socket, in, out) -> {
            RawHttpServer.readHead(in);
            RawHttpServer.write(out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + RawHttpServer.chunk("{\"results\":["));
            Thread.sleep(TimeUnit.SECONDS.toMillis(30));
        });
        HttpEndpoint target = endpoint(raw.uri());
        Instant started = Instant.now();

        // when
        HttpReply reply = target.send(call("GET", "/db/_changes?feed=longpoll", Optional.empty(), BOUND));

        // then
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo("{\"results\":[");
        assertThat(reply.incomplete()).contains("the body did not end within 800 ms (12 bytes came)");
        assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void should_free_the_socket_when_a_never_ending_feed_is_closed() throws Exception {
        // given: a feed that sends a chunk every 50 ms for as long as it can write
        raw = new RawHttpServer((socket, in, out) -> {
            RawHttpServer.readHead(in);
            RawHttpServer.write(out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
            while (true) {
                RawHttpServer.write(out, RawHttpServer.chunk("\n"));
                Thread.sleep(50);
            }
        });
        HttpEndpoint target = endpoint(raw.uri());
        FeedConnection feed = target.open(call("GET", "/db/_changes?feed=continuous", Optional.empty(), BOUND));
        Instant deadline = Instant.now().plusSeconds(20);
        assertThat(feed.awaitHead(deadline)).hasValueSatisfying(head -> assertThat(head.status()).isEqualTo(200));
        assertThat(feed.next(deadline).kind()).isEqualTo(BodyPiece.Kind.DATA);

        // when
        feed.close();

        // then: the server's writes fail, the kit's reads say closed at once
        assertThat(raw.clientGone.await(20, TimeUnit.SECONDS)).as("the server saw the client go").isTrue();
        assertThat(feed.next(deadline).kind()).isEqualTo(BodyPiece.Kind.CLOSED);
    }

    @Test
    void should_stop_waiting_for_the_head_when_the_feed_is_closed_from_another_thread() throws Exception {
        // given
        raw = new RawHttpServer(RawHttpServer.SILENT);
        HttpEndpoint target = endpoint(raw.uri());
        FeedConnection feed = target.open(call("GET", "/", Optional.empty(), Duration.ofSeconds(60)));
        Thread closer = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            feed.close();
        });
        Instant started = Instant.now();

        // when
        closer.start();
        Optional<ResponseHead> head = feed.awaitHead(started.plusSeconds(60));
        closer.join();

        // then
        assertThat(head).isEmpty();
        assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void should_read_a_chunked_body_piece_by_piece_when_the_server_dribbles_it() throws Exception {
        // given
        wireMock.stubFor(get("/db/_changes").willReturn(aResponse().withStatus(200)
                .withBody("{\"seq\":1}\n{\"seq\":2}\n").withChunkedDribbleDelay(2, 400)));
        HttpEndpoint target = endpoint(URI.create(wireMock.baseUrl()));
        StringBuilder body = new StringBuilder();

        // when
        try (FeedConnection feed = target.open(call("GET", "/db/_changes", Optional.empty(), BOUND))) {
            Instant deadline = Instant.now().plusSeconds(20);
            feed.awaitHead(deadline).orElseThrow();
            BodyPiece piece;
            while ((piece = feed.next(deadline)).kind() == BodyPiece.Kind.DATA) {
                body.append(new String(piece.bytes(), StandardCharsets.UTF_8));
            }
            // then
            assertThat(piece.kind()).isEqualTo(BodyPiece.Kind.END);
            assertThat(feed.next(deadline).kind()).as("the end is sticky").isEqualTo(BodyPiece.Kind.END);
        }
        assertThat(body.toString()).isEqualTo("{\"seq\":1}\n{\"seq\":2}\n");
        wireMock.verify(getRequestedFor(urlEqualTo("/db/_changes")));
    }

    @Test
    void should_say_in_plain_words_when_the_server_begins_a_new_response_inside_a_chunked_body() throws Exception {
        // given: a new response where a chunk size is due, as CouchDB 3.5.2 writes in /_db_updates?feed=eventsource
        raw = new RawHttpServer((socket, in, out) -> {
            RawHttpServer.readHead(in);
            RawHttpServer.write(out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
                    + "Content-Type: text/event-stream\r\n\r\n" + RawHttpServer.chunk("event: heartbeat\ndata: \n\n")
                    + "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 2\r\n\r\n{}");
            RawHttpServer.SILENT.serve(socket, in, out);
        });
        HttpEndpoint target = endpoint(raw.uri());
        BodyPiece piece;

        // when
        try (FeedConnection feed = target.open(call("GET", "/_db_updates?feed=eventsource", Optional.empty(),
                Duration.ofSeconds(20)))) {
            Instant deadline = Instant.now().plusSeconds(20);
            feed.awaitHead(deadline).orElseThrow();
            do {
                piece = feed.next(deadline);
            } while (piece.kind() == BodyPiece.Kind.DATA);
        }

        // then
        assertThat(piece.kind()).isEqualTo(BodyPiece.Kind.BROKEN);
        assertThat(piece.detail()).isEqualTo("the server began a new HTTP response (\"HTTP/1.1 500 Internal Server "
                + "Error\") inside the chunked body, where a chunk size was due");
    }

    @Test
    void should_hold_back_a_flooding_server_while_the_body_is_not_read_and_deliver_all_of_it_when_it_is()
            throws Exception {
        // given: 64 MiB, far more than the sockets' buffers hold
        int block = 64 * 1024;
        int blocks = 1024;
        java.util.concurrent.CountDownLatch allWritten = new java.util.concurrent.CountDownLatch(1);
        raw = new RawHttpServer((socket, in, out) -> {
            RawHttpServer.readHead(in);
            RawHttpServer.write(out, "HTTP/1.1 200 OK\r\nContent-Length: " + (long) block * blocks + "\r\n\r\n");
            byte[] bytes = new byte[block];
            for (int i = 0; i < blocks; i++) {
                out.write(bytes);
            }
            out.flush();
            allWritten.countDown();
            RawHttpServer.SILENT.serve(socket, in, out);
        });
        HttpEndpoint target = endpoint(raw.uri());
        long read = 0;

        try (FeedConnection feed = target.open(call("GET", "/flood", Optional.empty(), Duration.ofSeconds(20)))) {
            Instant deadline = Instant.now().plusSeconds(40);
            feed.awaitHead(deadline).orElseThrow();

            // when: the body is not read
            // then: the kit does not take it off the socket, so the server cannot write it all
            assertThat(allWritten.await(3, TimeUnit.SECONDS)).as("the server wrote it all").isFalse();

            // when: it is read
            BodyPiece piece;
            while ((piece = feed.next(deadline)).kind() == BodyPiece.Kind.DATA) {
                assertThat(piece.bytes().length).isLessThanOrEqualTo(64 * 1024);
                read += piece.bytes().length;
            }

            // then
            assertThat(piece.kind()).isEqualTo(BodyPiece.Kind.END);
        }
        assertThat(read).isEqualTo((long) block * blocks);
        assertThat(allWritten.await(20, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void should_refuse_an_endpoint_that_is_not_an_http_url() {
        assertThatThrownBy(() -> HttpEndpoint.of(URI.create("docker:couchdb:3.5.1"), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_not_show_the_password_when_credentials_are_printed() {
        assertThat(new Credentials("admin", "secret").toString()).doesNotContain("secret");
    }

}
