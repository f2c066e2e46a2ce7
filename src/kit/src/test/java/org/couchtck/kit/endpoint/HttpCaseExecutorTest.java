package org.couchtck.kit.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.endpoint.HttpFixtures.httpCase;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Fault;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/** The executor against WireMock playing a CouchDB: right and wrong replies, captures, feeds, dead endpoints. */
@Timeout(60)
class HttpCaseExecutorTest {

    /** The name the executor gives database "db" of the first case it runs, with run id "t". */
    private static final String DB = "couchtck-t-1-db";
    private static final String ADMIN_BASIC = "Basic YWRtaW46c2VjcmV0";

    @RegisterExtension
    static final WireMockExtension wireMock = FakeCouchDb.server();

    private HttpEndpoint endpoint;
    private HttpCaseExecutor executor;

    @BeforeEach
    void couchdb() {
        FakeCouchDb.takingCaseDatabases(wireMock);
        endpoint = FakeCouchDb.endpoint(wireMock);
        executor = new HttpCaseExecutor(endpoint, settings());
    }

    @AfterEach
    void closeEndpoint() {
        endpoint.close();
    }

    private static HttpRunSettings settings() {
        return HttpRunSettings.of("t").withRequestTimeout(Duration.ofSeconds(5)).withFeedBound(Duration.ofSeconds(5));
    }

    private static ResponseDefinitionBuilder json(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body + "\n");
    }

    private static String sent(CaseResult result) {
        return result.transcript().stream().filter(e -> e.direction() == Direction.SENT).map(TranscriptEntry::text)
                .collect(Collectors.joining("\n---\n"));
    }

    private static String all(CaseResult result) {
        return result.transcript().stream().map(TranscriptEntry::text).collect(Collectors.joining("\n---\n"));
    }

    private static final String PUT_DOC = """
            {"id": "http.t.put-doc", "level": "%s", "description": "a PUT creates the document",
             "steps": [{"request": {"method": "PUT", "path": "/{{db}}/a", "body": {"n": 1}},
                        "expect": {"status": 201,
                                   "headers": {"Location": {"$contains": "/{{db}}/a"}, "X-Couch-Stack-Hash": {"$absent": true}},
                                   "body": {"ok": true, "id": "a", "rev": {"$type": "string"}}}}]}
            """;

    @Test
    void should_pass_and_clean_up_when_the_server_answers_as_expected() {
        // given
        wireMock.stubFor(put("/" + DB + "/a").willReturn(json(201, "{\"ok\":true,\"id\":\"a\",\"rev\":\"1-abc\"}")
                .withHeader("Location", "http://localhost/" + DB + "/a")));

        // when
        CaseResult result = executor.run(httpCase(PUT_DOC.formatted("MUST")));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(result.failedStep()).isEqualTo(-1);
        wireMock.verify(putRequestedFor(urlEqualTo("/" + DB)).withHeader("Authorization", equalTo(ADMIN_BASIC)));
        wireMock.verify(putRequestedFor(urlEqualTo("/" + DB + "/a"))
                .withHeader("Accept", equalTo("application/json"))
                .withHeader("Content-Type", equalTo("application/json"))
                .withHeader("Authorization", equalTo(ADMIN_BASIC))
                .withRequestBody(equalToJson("{\"n\":1}")));
        wireMock.verify(deleteRequestedFor(urlEqualTo("/" + DB)).withHeader("Authorization", equalTo(ADMIN_BASIC)));
        assertThat(sent(result)).contains("PUT /" + DB + "/a\nAccept: application/json\n"
                + "Content-Type: application/json\nAuthorization: (admin)\n\n{\"n\":1}");
        assertThat(all(result)).contains("{\"ok\":true,\"id\":\"a\",\"rev\":\"1-abc\"}")
                .doesNotContain("secret").doesNotContain(ADMIN_BASIC.substring(6));
    }

    @Test
    void should_fail_a_must_case_and_still_delete_its_database_when_the_status_is_wrong() {
        // given
        wireMock.stubFor(put("/" + DB + "/a").willReturn(json(409, "{\"error\":\"conflict\"}")));

        // when
        CaseResult result = executor.run(httpCase(PUT_DOC.formatted("MUST")));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo("step 0 (PUT /{{db}}/a): status: expected 201, got 409");
        assertThat(result.failedStep()).isZero();
        assertThat(result.expected()).isEqualTo("201");
        assertThat(result.actual()).isEqualTo("409");
        wireMock.verify(deleteRequestedFor(urlEqualTo("/" + DB)));
    }

    @Test
    void should_warn_for_a_should_case_when_the_body_is_wrong() {
        // given
        wireMock.stubFor(put("/" + DB + "/a").willReturn(json(201, "{\"ok\":false,\"id\":\"a\",\"rev\":\"1-abc\"}")
                .withHeader("Location", "/" + DB + "/a")));

        // when
        CaseResult result = executor.run(httpCase(PUT_DOC.formatted("SHOULD")));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.WARN);
        assertThat(result.message()).isEqualTo("step 0 (PUT /{{db}}/a): body: at /ok: expected true, got false");
    }

    @Test
    void should_fail_when_an_expected_header_is_missing_or_a_refused_one_is_there() {
        // given
        wireMock.stubFor(put("/" + DB + "/a").willReturn(json(201, "{\"ok\":true,\"id\":\"a\",\"rev\":\"1-abc\"}")
                .withHeader("X-Couch-Stack-Hash", "12345")));

        // when
        CaseResult missing = executor.run(httpCase(PUT_DOC.formatted("MUST")));
        wireMock.stubFor(put("/couchtck-t-2-db/a").willReturn(json(201, "{\"ok\":true,\"id\":\"a\",\"rev\":\"1-a\"}")
                .withHeader("Location", "/couchtck-t-2-db/a").withHeader("X-Couch-Stack-Hash", "12345")));
        CaseResult refused = executor.run(httpCase(PUT_DOC.formatted("MUST")));

        // then
        assertThat(missing.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(missing.message()).isEqualTo("step 0 (PUT /{{db}}/a): header Location: missing, expected "
                + "{\"$contains\":\"/" + DB + "/a\"}");
        assertThat(missing.actual()).isEqualTo("(missing)");
        assertThat(refused.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(refused.message()).isEqualTo("step 0 (PUT /{{db}}/a): header X-Couch-Stack-Hash: expected no "
                + "value (absent), got \"12345\"");
    }

    @Test
    void should_carry_captured_values_into_later_paths_headers_and_bodies() {
        // given
        wireMock.stubFor(put("/" + DB + "/a").willReturn(json(201, "{\"ok\":true,\"id\":\"a\",\"rev\":\"1-abc\"}")
                .withHeader("ETag", "\"1-abc\"")));
        wireMock.stubFor(put(urlPathEqualTo("/" + DB + "/a")).withQueryParam("rev", equalTo("1-abc"))
                .withHeader("If-Match", equalTo("\"1-abc\""))
                .withRequestBody(equalToJson("{\"_rev\":\"1-abc\",\"n\":2,\"seen\":{\"rev\":\"1-abc\"}}"))
                .willReturn(json(201, "{\"ok\":true,\"id\":\"a\",\"rev\":\"2-def\"}")));
        HttpCase testCase = httpCase("""
                {"id": "http.t.update", "level": "MUST", "description": "an update names the revision it replaces",
                 "steps": [{"request": {"method": "PUT", "path": "/{{db}}/a", "body": {"n": 1}},
                            "capture": {"rev": "/rev", "created": ""}, "captureHeaders": {"etag": "ETag"}},
                           {"request": {"method": "PUT", "path": "/{{db}}/a?rev={{rev}}",
                                        "headers": {"If-Match": "{{etag}}"},
                                        "body": {"_rev": "{{rev}}", "n": 2, "seen": {"rev": "{{rev}}"}}},
                            "expect": {"status": 201, "body": {"ok": true, "id": "a", "rev": {"$startsWith": "2-"}}}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(all(result)).contains("{{rev}} = \"1-abc\"", "{{etag}} = \"1-abc\"");
    }

    @Test
    void should_fail_when_a_capture_finds_nothing() {
        // given
        wireMock.stubFor(put("/" + DB + "/a").willReturn(json(201, "{\"ok\":true,\"id\":\"a\"}")));
        HttpCase testCase = httpCase("""
                {"id": "http.t.capture", "level": "MUST", "description": "d",
                 "steps": [{"request": {"method": "PUT", "path": "/{{db}}/a", "body": {}}, "capture": {"rev": "/rev"}},
                           {"request": {"path": "/{{db}}/a?rev={{rev}}"}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo("step 0 (PUT /{{db}}/a): capture rev: nothing at /rev in the body");
    }

    /** A virtual clock for polling steps: sleeping moves it on at once, and each wait is kept. */
    private static final class VirtualTimer implements PollTimer {
        long now;
        final java.util.List<Long> waits = new java.util.ArrayList<>();

        @Override
        public long millis() {
            return now;
        }

        @Override
        public void sleep(long millis) {
            waits.add(millis);
            now += millis;
        }
    }

    private static final String POLL_INFO = """
            {"id": "http.t.poll", "level": "MUST", "description": "the index catches up in the background",
             "steps": [{"request": {"path": "/{{db}}/_design/d/_info"},
                        "expect": {"status": 200, "body": {"name": "d", "update_seq": 5}},
                        "poll": {"every": 500, "within": %d},
                        "capture": {"seq": "/update_seq"}},
                       {"request": {"path": "/{{db}}/_design/d/_view/v?seq={{seq}}"}, "expect": {"status": 200}}]}
            """;

    private static void infoAnswers(String... bodies) {
        int[] statuses = new int[bodies.length];
        java.util.Arrays.fill(statuses, 200);
        infoAnswers(statuses, bodies);
    }

    private static void infoAnswers(int[] statuses, String... bodies) {
        String state = com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
        for (int i = 0; i < bodies.length; i++) {
            String next = i + 1 < bodies.length ? "after " + (i + 1) : state;
            wireMock.stubFor(get("/" + DB + "/_design/d/_info").inScenario("info").whenScenarioStateIs(state)
                    .willReturn(json(statuses[i], bodies[i])).willSetStateTo(next));
            state = next;
        }
    }

    @Test
    void should_pass_a_polling_step_when_its_expectation_holds_at_the_third_attempt() {
        // given
        infoAnswers("{\"name\":\"d\",\"update_seq\":0}", "{\"name\":\"d\",\"update_seq\":3}",
                "{\"name\":\"d\",\"update_seq\":5}");
        wireMock.stubFor(get("/" + DB + "/_design/d/_view/v?seq=5").willReturn(json(200, "{\"rows\":[]}")));
        VirtualTimer timer = new VirtualTimer();

        // when
        CaseResult result = new HttpCaseExecutor(endpoint, settings(), timer).run(httpCase(POLL_INFO.formatted(
                60000)));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        wireMock.verify(3, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
                urlEqualTo("/" + DB + "/_design/d/_info")));
        assertThat(timer.waits).containsExactly(500L, 500L);
        assertThat(all(result)).contains("poll attempt 1 (+0 ms): 200, body: at /update_seq: expected 5, got 0",
                "poll attempt 2 (+500 ms): 200, body: at /update_seq: expected 5, got 3",
                "poll: as expected at attempt 3, 1000 ms after the first", "{{seq}} = 5");
    }

    @Test
    void should_wait_the_steps_after_before_sending_it_and_not_before_the_step_before() {
        // given
        wireMock.stubFor(get("/" + DB + "/a").willReturn(json(200, "{\"n\":1}")));
        wireMock.stubFor(get("/" + DB + "/b").willReturn(json(200, "{\"n\":2}")));
        VirtualTimer timer = new VirtualTimer();
        String waits = """
                {"id": "http.t.after", "level": "MUST", "description": "a step that waits out a server's delay",
                 "steps": [{"request": {"path": "/{{db}}/a"}, "expect": {"status": 200}},
                           {"after": 5500, "request": {"path": "/{{db}}/b"}, "expect": {"body": {"n": 2}}}]}
                """;

        // when
        CaseResult result = new HttpCaseExecutor(endpoint, settings(), timer).run(httpCase(waits));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(timer.waits).containsExactly(5500L);
        assertThat(all(result)).containsSubsequence("GET /" + DB + "/a",
                "step 1 (GET /{{db}}/b): waits 5500 ms before it is sent", "GET /" + DB + "/b");
    }

    @Test
    void should_fail_with_the_last_mismatch_when_a_polling_step_never_holds_within_its_bound() {
        // given
        wireMock.stubFor(get("/" + DB + "/_design/d/_info").willReturn(json(200,
                "{\"name\":\"d\",\"update_seq\":4}")));
        VirtualTimer timer = new VirtualTimer();

        // when
        CaseResult result = new HttpCaseExecutor(endpoint, settings(), timer).run(httpCase(POLL_INFO.formatted(
                2000)));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.failedStep()).isZero();
        assertThat(result.message()).isEqualTo("step 0 (GET /{{db}}/_design/d/_info): not as expected after 5 "
                + "attempts in 2000 ms (poll every 500 ms within 2000 ms); the last: body: at /update_seq: "
                + "expected 5, got 4");
        assertThat(result.actual()).contains("4");
        wireMock.verify(5, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
                urlEqualTo("/" + DB + "/_design/d/_info")));
        assertThat(timer.waits).containsExactly(500L, 500L, 500L, 500L);
        assertThat(sent(result)).doesNotContain("_view/v");
        assertThat(all(result)).contains("poll: gave up after attempt 5, 2000 ms after the first");
        wireMock.verify(deleteRequestedFor(urlEqualTo("/" + DB)));
    }

    @Test
    void aPollEndsAtTheSecondOfTwoEqualRefusals() {
        // given: a server without the resource answers 400 whatever the wait
        wireMock.stubFor(get("/" + DB + "/_design/d/_info").willReturn(json(400,
                "{\"error\":\"bad_request\",\"reason\":\"no\"}")));
        VirtualTimer timer = new VirtualTimer();

        // when
        CaseResult result = new HttpCaseExecutor(endpoint, settings(), timer).run(httpCase(POLL_INFO.formatted(
                60000)));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo("step 0 (GET /{{db}}/_design/d/_info): not as expected, and the "
                + "answer will not change: 400 twice in a row, the same body ({\"error\":\"bad_request\",\"reason\":"
                + "\"no\"}), and it refuses the request; status: expected 200, got 400");
        wireMock.verify(2, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
                urlEqualTo("/" + DB + "/_design/d/_info")));
    }

    @Test
    void aPollEndsAtTheSecondOfTwoEqualAnswersOfAnotherShape() {
        // given: a server without index information answers a text where the index's object is due
        wireMock.stubFor(get("/" + DB + "/_design/d/_info").willReturn(json(200,
                "{\"name\":\"d\",\"update_seq\":\"Not implemented.\"}")));
        String poll = """
                {"id": "http.t.poll", "level": "MUST", "description": "the index catches up in the background",
                 "steps": [{"request": {"path": "/{{db}}/_design/d/_info"},
                            "expect": {"status": 200, "body": {"name": "d", "update_seq": {"seq": 5}}},
                            "poll": {"every": 500, "within": 60000}}]}
                """;

        // when
        CaseResult result = new HttpCaseExecutor(endpoint, settings(), new VirtualTimer()).run(httpCase(poll));

        // then
        assertThat(result.message()).startsWith("step 0 (GET /{{db}}/_design/d/_info): not as expected, and the "
                + "answer will not change: 200 twice in a row").contains("and its shape is not the one expected; "
                + "body: at /update_seq: expected an object, got \"Not implemented.\"");
        wireMock.verify(2, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
                urlEqualTo("/" + DB + "/_design/d/_info")));
    }

    @Test
    void aWrongStatusIsTheFailureEvenWhenItsBodyNeverEnds() throws Exception {
        // given: a server that answers 200 to heartbeat=abc and streams on, where 400 is due
        try (RawHttpServer raw = new RawHttpServer((socket, in, out) -> {
            RawHttpServer.head(in);
            RawHttpServer.write(out, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n1\r\n\n\r\n");
            RawHttpServer.SILENT.serve(socket, in, out);
        }); HttpEndpoint streaming = HttpEndpoint.of(raw.uri(), java.time.Duration.ofSeconds(10))) {
            String wrong = """
                    {"id": "http.t.heartbeat", "level": "MUST", "description": "a bad heartbeat is refused",
                     "databases": [],
                     "steps": [{"request": {"path": "/x/_changes?feed=continuous&heartbeat=abc"},
                                "expect": {"status": 400}}]}
                    """;

            // when
            CaseResult result = new HttpCaseExecutor(streaming, settings()).run(httpCase(wrong));

            // then
            assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(result.message()).isEqualTo("step 0 (GET /x/_changes?feed=continuous&heartbeat=abc): status: "
                    + "expected 400, got 200");
        }
    }

    @Test
    void aPollGoesOnThroughAServerErrorThatMayPassAndANotFound() {
        // given: a daemon not up yet (500), then a missing index (404), then the answer
        infoAnswers(new int[] {500, 500, 404, 404, 200}, "{\"error\":\"unknown_error\"}",
                "{\"error\":\"unknown_error\"}", "{\"error\":\"not_found\"}", "{\"error\":\"not_found\"}",
                "{\"name\":\"d\",\"update_seq\":5}");
        wireMock.stubFor(get("/" + DB + "/_design/d/_view/v?seq=5").willReturn(json(200, "{\"rows\":[]}")));
        VirtualTimer timer = new VirtualTimer();

        // when
        CaseResult result = new HttpCaseExecutor(endpoint, settings(), timer).run(httpCase(POLL_INFO.formatted(
                60000)));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(timer.waits).hasSize(4);
    }

    private static final String CONTINUOUS_CASE = """
            {"id": "http.t.continuous", "level": "MUST", "description": "a continuous feed shows each change once",
             "steps": [{"feed": {"kind": "continuous", "path": "/{{db}}/_changes?feed=continuous&since=0"},
                        "until": {"events": 3, "within": 3000},
                        "expect": {"status": 200, "events": [{"seq": 1, "id": "a"}, {"seq": 2, "id": "b"},
                                                             {"seq": 3, "id": "c"}]}}]}
            """;

    private static void continuousFeed(String... lines) {
        wireMock.stubFor(get(urlPathEqualTo("/" + DB + "/_changes")).withQueryParam("feed", equalTo("continuous"))
                .willReturn(json(200, String.join("\n", lines)).withChunkedDribbleDelay(lines.length, 300)));
    }

    @Test
    void should_pass_when_a_continuous_feed_delivers_the_changes_and_the_write_made_while_it_is_open() {
        // given: heartbeats, two changes, the second from the write during the feed, then last_seq
        continuousFeed("", "{\"seq\":\"1-x\",\"id\":\"a\",\"changes\":[{\"rev\":\"1-a\"}]}", "",
                "{\"seq\":\"2-y\",\"id\":\"b\",\"changes\":[{\"rev\":\"1-b\"}]}",
                "{\"last_seq\":\"2-y\",\"pending\":0}");
        wireMock.stubFor(put("/" + DB + "/b").willReturn(json(201, "{\"ok\":true,\"id\":\"b\",\"rev\":\"1-b\"}")));
        wireMock.stubFor(get(urlPathEqualTo("/" + DB + "/_changes")).withQueryParam("since", equalTo("2-y"))
                .willReturn(json(200, "{\"results\":[],\"last_seq\":\"2-y\",\"pending\":0}")));
        HttpCase testCase = httpCase("""
                {"id": "http.t.continuous-write", "level": "MUST", "description": "d",
                 "steps": [{"feed": {"kind": "continuous", "path": "/{{db}}/_changes?feed=continuous&since=0"},
                            "during": [{"after": 50, "request": {"method": "PUT", "path": "/{{db}}/b", "body": {}},
                                        "capture": {"rev_b": "/rev"}}],
                            "until": {"within": 4000},
                            "expect": {"status": 200, "headers": {"content-type": "application/json"},
                                       "events": [{"seq": {"$seq": true}, "id": "a", "changes": [{"rev": "1-a"}]},
                                                  {"seq": {"$seq": true}, "id": "b", "changes": [{"rev": "{{rev_b}}"}]}],
                                       "heartbeats": {"$atLeast": 1}, "ended": "server", "lastSeq": "2-y",
                                       "lastLine": {"last_seq": {"$seq": true}, "pending": 0}},
                            "capture": {"last": "/lastSeq"}},
                           {"request": {"path": "/{{db}}/_changes?since={{last}}"},
                            "expect": {"status": 200, "body": {"results": [], "last_seq": "{{last}}", "pending": 0}}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).as(result.message() + "\n" + all(result)).isEqualTo(Verdict.PASS);
        assertThat(result.transcript()).extracting(TranscriptEntry::text)
                .contains("{\"seq\":\"1-x\",\"id\":\"a\",\"changes\":[{\"rev\":\"1-a\"}]}", "{{rev_b}} = \"1-b\"");
        assertThat(sent(result)).contains("PUT /" + DB + "/b");
    }

    @Test
    void should_fail_when_a_continuous_feed_drops_a_change() {
        // given
        continuousFeed("{\"seq\":1,\"id\":\"a\"}", "{\"seq\":3,\"id\":\"c\"}", "{\"last_seq\":3}");

        // when
        CaseResult result = executor.run(httpCase(CONTINUOUS_CASE));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith("step 0 (GET /{{db}}/_changes?feed=continuous&since=0): events: "
                + "expected 3 elements, got 2").contains("(the server ended the response after");
    }

    @Test
    void should_fail_when_a_continuous_feed_repeats_a_change() {
        // given
        continuousFeed("{\"seq\":1,\"id\":\"a\"}", "{\"seq\":2,\"id\":\"b\"}", "{\"seq\":2,\"id\":\"b\"}",
                "{\"seq\":3,\"id\":\"c\"}");

        // when
        CaseResult result = executor.run(httpCase(CONTINUOUS_CASE));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("events: at /2/seq: expected 3, got 2")
                .contains("the kit stopped reading after").contains("3 events came");
    }

    @Test
    void should_fail_and_cost_about_its_bound_when_a_longpoll_never_ends() {
        // given: the headers with the start of the body after 0.4 s, the rest dribbling on for 8 s
        wireMock.stubFor(get(urlPathEqualTo("/" + DB + "/_changes")).withQueryParam("feed", equalTo("longpoll"))
                .willReturn(json(200, "{\"results\":[\n" + " ".repeat(40) + "],\"last_seq\":0}")
                        .withChunkedDribbleDelay(20, 8000)));
        HttpCase testCase = httpCase("""
                {"id": "http.t.longpoll", "level": "MUST", "description": "a longpoll answers within its timeout",
                 "steps": [{"feed": {"kind": "longpoll", "path": "/{{db}}/_changes?feed=longpoll&timeout=500"},
                            "until": {"within": 1500},
                            "expect": {"status": 200, "ended": "server", "events": []}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith("step 0 (GET /{{db}}/_changes?feed=longpoll&timeout=500): events: "
                + "none known, the body did not end as one JSON document (the response was still open after ")
                .endsWith(" ms; the kit stopped reading)");
        assertThat(result.transcript()).extracting(TranscriptEntry::text)
                .anySatisfy(text -> assertThat(text).startsWith("{\"results"))
                .contains("(an unfinished line: the body stopped before its newline)");
        assertThat(result.duration()).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void should_fail_with_no_reply_when_the_feed_headers_never_come() {
        // given
        wireMock.stubFor(get(urlPathEqualTo("/" + DB + "/_changes"))
                .willReturn(json(200, "{\"results\":[],\"last_seq\":0}").withFixedDelay(4000)));
        HttpCase testCase = httpCase("""
                {"id": "http.t.silent", "level": "SHOULD", "description": "d",
                 "steps": [{"feed": {"kind": "normal", "path": "/{{db}}/_changes"}, "until": {"within": 800}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.WARN);
        assertThat(result.message()).isEqualTo("step 0 (GET /{{db}}/_changes): no reply: no response within 800 ms");
        assertThat(result.duration()).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void should_wait_as_long_as_a_step_allows_where_the_run_timeout_is_shorter() {
        // given: a reply that comes after 2 s, a run whose requests may take 1 s
        wireMock.stubFor(put(urlPathMatching("/couchtck-t-[0-9]+-[a-z0-9_-]+/slow"))
                .willReturn(json(201, "{\"ok\":true}").withFixedDelay(2000)));
        HttpCaseExecutor impatient = new HttpCaseExecutor(endpoint, settings().withRequestTimeout(Duration.ofSeconds(1)));
        String slowWrite = """
                {"id": "http.t.slow", "level": "MUST", "description": "d",
                 "steps": [{"request": {"method": "PUT", "path": "/{{db}}/slow", "body": {}}%s,
                            "expect": {"status": 201}}]}
                """;

        // when
        CaseResult bounded = impatient.run(httpCase(slowWrite.formatted("")));
        CaseResult allowed = impatient.run(httpCase(slowWrite.formatted(", \"timeout\": 30000")));

        // then
        assertThat(bounded.verdict()).isIn(Verdict.FAIL, Verdict.ERROR);
        assertThat(bounded.message()).contains("no response within 1000 ms");
        assertThat(allowed.verdict()).as(allowed.message()).isEqualTo(Verdict.PASS);
    }

    @Test
    void should_parse_an_eventsource_body_into_events_and_count_its_heartbeats() {
        // given
        wireMock.stubFor(get(urlPathEqualTo("/" + DB + "/_changes")).withQueryParam("feed", equalTo("eventsource"))
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "text/event-stream")
                        .withBody("data: {\"seq\":\"1-x\",\"id\":\"a\"}\nid: \"1-x\"\n\n"
                                + "event: heartbeat\ndata: \n\n"
                                + "data: {\"seq\":\"2-y\",\"id\":\"b\"}\nid: \"2-y\"\n\n")
                        .withChunkedDribbleDelay(3, 300)));
        HttpCase testCase = httpCase("""
                {"id": "http.t.eventsource", "level": "MUST", "description": "d",
                 "steps": [{"feed": {"kind": "eventsource", "path": "/{{db}}/_changes?feed=eventsource&timeout=300"},
                            "expect": {"headers": {"Content-Type": {"$startsWith": "text/event-stream"}},
                                       "events": [{"event": "message", "id": "\\"1-x\\"", "data": {"seq": "1-x", "id": "a"}},
                                                  {"event": "message", "id": "\\"2-y\\"", "data": {"seq": "2-y", "id": "b"}}],
                                       "heartbeats": 1, "ended": "server"}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(result.transcript()).extracting(TranscriptEntry::text).contains("event: heartbeat");
    }

    @Test
    void should_be_an_error_with_a_clear_message_when_the_endpoint_is_unreachable() throws Exception {
        // given
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        try (HttpEndpoint closed = HttpEndpoint.of(URI.create("http://admin:secret@127.0.0.1:" + port),
                Duration.ofSeconds(5))) {

            // when
            CaseResult result = new HttpCaseExecutor(closed, settings()).run(httpCase(PUT_DOC.formatted("MUST")));

            // then
            assertThat(result.verdict()).isEqualTo(Verdict.ERROR);
            assertThat(result.message()).startsWith("the endpoint http://127.0.0.1:" + port + " is unreachable: "
                    + "could not connect");
            assertThat(sent(result)).startsWith("PUT /" + DB);
        }
    }

    @Test
    void should_be_an_error_without_running_steps_when_the_database_cannot_be_created() {
        // given
        wireMock.stubFor(put("/" + DB).willReturn(json(401, "{\"error\":\"unauthorized\",\"reason\":\"Name or "
                + "password is incorrect.\"}")));

        // when
        CaseResult result = executor.run(httpCase(PUT_DOC.formatted("MUST")));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.ERROR);
        assertThat(result.message()).startsWith("the case's database db could not be created: PUT /" + DB
                + " answered 401 {\"error\":\"unauthorized\"").endsWith("; every step needs it");
        wireMock.verify(0, putRequestedFor(urlEqualTo("/" + DB + "/a")));
    }

    @Test
    void should_fail_with_no_reply_when_the_server_drops_the_connection_mid_case() {
        // given
        wireMock.stubFor(get("/" + DB + "/a").willReturn(aResponse().withFault(Fault.EMPTY_RESPONSE)));
        HttpCase testCase = httpCase("""
                {"id": "http.t.dropped", "level": "MUST", "description": "d",
                 "steps": [{"request": {"path": "/{{db}}/a"}, "expect": {"status": 404}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith("step 0 (GET /{{db}}/a): no reply: ");
        assertThat(result.actual()).isEqualTo("(no reply)");
    }

    @Test
    void should_be_an_error_when_the_server_never_answers_the_cases_first_request() {
        // given
        wireMock.stubFor(get("/").willReturn(aResponse().withFault(Fault.EMPTY_RESPONSE)));
        HttpCase testCase = httpCase("""
                {"id": "http.t.welcome", "level": "MUST", "description": "d", "databases": [],
                 "steps": [{"request": {"path": "/"}, "expect": {"status": 200}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.ERROR);
        assertThat(result.message()).startsWith("the endpoint http://localhost:" + wireMock.getPort()
                + " never answered the case's first request, step 0 (GET /): ");
    }

    @Test
    void should_delete_names_the_case_did_not_create_and_ignore_404() {
        // given
        wireMock.stubFor(put("/couchtck-t-1-made").willReturn(json(201, "{\"ok\":true}")));
        wireMock.stubFor(delete("/couchtck-t-1-made").willReturn(json(404, "{\"error\":\"not_found\"}")));
        HttpCase testCase = httpCase("""
                {"id": "http.t.names", "level": "MUST", "description": "d", "databases": [], "names": ["made"],
                 "steps": [{"request": {"method": "PUT", "path": "/{{made}}"}, "expect": {"status": 201}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        wireMock.verify(1, putRequestedFor(urlEqualTo("/couchtck-t-1-made")));
        wireMock.verify(deleteRequestedFor(urlEqualTo("/couchtck-t-1-made")));
        assertThat(all(result)).doesNotContain("could not delete");
    }

    @Test
    void should_not_apply_when_the_target_lacks_a_capability() {
        // given
        HttpCaseExecutor old = new HttpCaseExecutor(endpoint, settings().withProfile(new TargetProfile("javascript",
                CouchDbVersion.parse("3.4.0"), Set.of())));
        HttpCase testCase = httpCase("""
                {"id": "http.t.new", "level": "MUST", "description": "d", "capabilities": ["couchdb>=3.5.0"],
                 "steps": [{"request": {"path": "/"}}]}
                """);

        // when
        CaseResult result = old.run(testCase);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.NA);
        assertThat(result.message()).contains("3.5.0");
        wireMock.verify(0, putRequestedFor(anyUrl()));
    }

    @Test
    void should_leave_no_thread_of_its_own_behind_when_a_case_ends() throws Exception {
        // given: an endpoint of its own, so that its pool's threads can be told apart and ended
        HttpEndpoint own = HttpEndpoint.of(URI.create("http://admin:secret@localhost:" + wireMock.getPort()),
                Duration.ofSeconds(5));
        continuousFeed("{\"seq\":1,\"id\":\"a\"}", "{\"seq\":2,\"id\":\"b\"}", "{\"seq\":3,\"id\":\"c\"}",
                "{\"seq\":4,\"id\":\"d\"}");
        Set<String> before = liveThreads();

        // when: the kit closes the feed itself after 3 events
        CaseResult result = new HttpCaseExecutor(own, settings()).run(httpCase(CONTINUOUS_CASE));
        Set<String> afterCase = liveThreads();
        own.close();
        Set<String> afterEndpoint = liveThreadsOnceEnded(name -> name.startsWith("couchtck-http-")
                || name.startsWith("couchtck-case-"));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        Set<String> added = afterCase.stream().filter(name -> !before.contains(name))
                .filter(name -> !wireMocks(name)).collect(Collectors.toSet());
        assertThat(added).as("threads the case left").allMatch(name -> name.startsWith("couchtck-http-"));
        assertThat(afterEndpoint).as("threads after the endpoint closed")
                .noneMatch(name -> name.startsWith("couchtck-http-") || name.startsWith("couchtck-case-"));
    }

    /** Jetty's pool and scheduler threads, which WireMock starts as it needs them. */
    private static boolean wireMocks(String threadName) {
        return threadName.startsWith("qtp") || threadName.startsWith("Scheduler-");
    }

    private static Set<String> liveThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .collect(Collectors.toSet());
    }

    /**
     * The live threads once none matches {@code ending}, or when 10 s ran out: a pool's worker is still alive for a
     * moment after the pool terminated, longer on a loaded machine.
     */
    private static Set<String> liveThreadsOnceEnded(Predicate<String> ending)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        Set<String> live = liveThreads();
        while (live.stream().anyMatch(ending) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            live = liveThreads();
        }
        return live;
    }

    @Test
    void should_keep_the_transcript_of_the_feed_with_a_line_per_piece() {
        // given
        continuousFeed("{\"seq\":1,\"id\":\"a\"}", "{\"seq\":2,\"id\":\"b\"}", "{\"seq\":3,\"id\":\"c\"}");

        // when
        CaseResult result = executor.run(httpCase(CONTINUOUS_CASE));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(result.transcript()).filteredOn(e -> e.direction() == Direction.RECEIVED)
                .extracting(TranscriptEntry::text)
                .contains("{\"seq\":1,\"id\":\"a\"}", "{\"seq\":2,\"id\":\"b\"}", "{\"seq\":3,\"id\":\"c\"}")
                .anySatisfy(text -> assertThat(text).startsWith("200\n"));
        Optional<TranscriptEntry> first = result.transcript().stream()
                .filter(e -> e.text().equals("{\"seq\":1,\"id\":\"a\"}")).findFirst();
        Optional<TranscriptEntry> third = result.transcript().stream()
                .filter(e -> e.text().equals("{\"seq\":3,\"id\":\"c\"}")).findFirst();
        assertThat(third.orElseThrow().at()).isAfterOrEqualTo(first.orElseThrow().at());
    }

    private static final String LOCKED = "{\"error\":\"forbidden\",\"reason\":\"Account is temporarily locked due to "
            + "multiple authentication failures\"}";

    @Test
    void should_stop_the_case_and_not_run_later_ones_when_the_server_locked_the_admin_out() {
        // given: CouchDB 3.5's [chttpd_auth_lockout] answers every request sent with a locked user's name so
        wireMock.stubFor(get("/" + DB + "/a").willReturn(json(403, LOCKED)));
        HttpCase testCase = httpCase("""
                {"id": "http.t.locked", "level": "MUST", "description": "d",
                 "steps": [{"request": {"path": "/{{db}}/a"}, "expect": {"status": 404}}]}
                """);

        // when
        CaseResult locked = executor.run(testCase);
        CaseResult next = executor.run(httpCase(PUT_DOC.formatted("MUST")));

        // then
        assertThat(locked.verdict()).isEqualTo(Verdict.ERROR);
        assertThat(locked.message()).startsWith(Lockout.MESSAGE_START)
                .contains("Account is temporarily locked due to multiple authentication failures");
        assertThat(Lockout.isLockout(locked.message())).isTrue();
        assertThat(all(locked)).contains("Account is temporarily locked");
        assertThat(next.verdict()).isEqualTo(Verdict.ERROR);
        assertThat(next.message()).startsWith(Lockout.MESSAGE_START).endsWith("; the case was not run");
        wireMock.verify(0, putRequestedFor(urlEqualTo("/couchtck-t-2-db")));
    }

    @Test
    void should_judge_a_locked_out_user_of_the_case_as_any_other_reply() {
        // given: a user the case made is not the admin: its 403 is the server's answer to judge
        wireMock.stubFor(get("/" + DB + "/a").willReturn(json(403, LOCKED)));
        HttpCase testCase = httpCase("""
                {"id": "http.t.user-locked", "level": "MUST", "description": "d",
                 "steps": [{"request": {"path": "/{{db}}/a", "auth": "user:bob:pw"}, "expect": {"status": 401}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith("step 0 (GET /{{db}}/a): status: expected 401, got 403");
    }

    @Test
    void should_send_bad_credentials_as_a_made_up_user_never_as_the_admin() {
        // given
        wireMock.stubFor(get(urlPathEqualTo("/" + DB)).willReturn(json(401, "{\"error\":\"unauthorized\","
                + "\"reason\":\"Name or password is incorrect.\"}")));
        HttpCase testCase = httpCase("""
                {"id": "http.t.bad", "level": "MUST", "description": "d",
                 "steps": [{"request": {"path": "/{{db}}", "auth": "bad"}, "expect": {"status": 401}},
                           {"request": {"path": "/{{db}}", "auth": "bad"}, "expect": {"status": 401}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        Set<String> users = wireMock.findAll(com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
                urlEqualTo("/" + DB))).stream().map(r -> basicUser(r.getHeader("Authorization")))
                .collect(Collectors.toSet());
        assertThat(users).hasSize(2).allSatisfy(user -> assertThat(user).startsWith("couchtck-unknown-")
                .isNotEqualTo("admin"));
    }

    @Test
    void should_send_a_user_whose_name_is_bound_per_run_with_that_name() {
        // given
        wireMock.stubFor(get(urlPathEqualTo("/" + DB)).willReturn(json(200, "{}")));
        HttpCase testCase = httpCase("""
                {"id": "http.t.user-var", "level": "MUST", "description": "d", "names": ["user"],
                 "steps": [{"request": {"path": "/{{db}}", "auth": "user:{{user}}:pw-{{user}}"}, "expect": {"status": 200}}]}
                """);

        // when
        CaseResult result = executor.run(testCase);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        String authorization = wireMock.findAll(com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
                urlEqualTo("/" + DB))).get(0).getHeader("Authorization");
        assertThat(new String(java.util.Base64.getDecoder().decode(authorization.substring("Basic ".length())),
                java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("couchtck-t-1-user:pw-couchtck-t-1-user");
    }

    private static String basicUser(String authorization) {
        String decoded = new String(java.util.Base64.getDecoder().decode(authorization.substring("Basic ".length())),
                java.nio.charset.StandardCharsets.UTF_8);
        return decoded.substring(0, decoded.indexOf(':'));
    }

    @Test
    void should_pass_a_feed_when_one_of_its_alternatives_holds_and_say_why_each_failed_when_none_does() {
        // given: a feed whose connection breaks in its body
        wireMock.stubFor(get(urlPathMatching("/couchtck-t-[0-9]+-db/_changes")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withFault(Fault.MALFORMED_RESPONSE_CHUNK)));
        String feed = """
                {"id": "http.t.any-of", "level": "MUST", "description": "d",
                 "steps": [{"feed": {"kind": "normal", "path": "/{{db}}/_changes"}, "until": {"within": 3000},
                            "expect": {"status": 200, "anyOf": [{"lastSeq": 7}, {"broken": %s}]}}]}
                """;

        // when
        CaseResult broken = executor.run(httpCase(feed.formatted("{\"$regex\": \".+\"}")));
        CaseResult neither = executor.run(httpCase(feed.formatted("{\"$absent\": true}")));

        // then
        assertThat(broken.verdict()).as(broken.message()).isEqualTo(Verdict.PASS);
        assertThat(neither.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(neither.message()).startsWith("step 0 (GET /{{db}}/_changes): none of the 2 alternatives holds: "
                + "(1) lastSeq: missing").contains("; (2) broken: ");
    }
}
