package org.couchtck.kit.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.endpoint.HttpFixtures.httpCase;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/**
 * The executor against WireMock playing a CouchDB cluster (n = 3): reads of what the copies share only eventually are
 * sent again until they hold, a write's 202 Accepted counts as written, and a write waits for the documents it depends
 * on to be on every copy. Against one node, each of these is judged at once, as before.
 */
@Timeout(60)
class ClusterExecutionTest {

    private static final String DB = "couchtck-t-1-db";
    private static final EndpointShape CLUSTER = new EndpointShape(3, OptionalInt.of(3), OptionalInt.of(2),
            Optional.empty());

    @RegisterExtension
    static final WireMockExtension wireMock = FakeCouchDb.server();
    private HttpEndpoint endpoint;

    @BeforeEach
    void couchdb() {
        FakeCouchDb.takingCaseDatabases(wireMock);
        endpoint = FakeCouchDb.endpoint(wireMock);
    }

    @AfterEach
    void closeEndpoint() {
        endpoint.close();
    }

    private static ResponseDefinitionBuilder json(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
    }

    private CaseResult run(EndpointShape shape, String testCase) {
        return new HttpCaseExecutor(endpoint, HttpRunSettings.of("t").withShape(shape), new VirtualPollTimer())
                .run(httpCase(testCase));
    }

    private static String transcript(CaseResult result) {
        return String.join("\n", result.transcript().stream().map(TranscriptEntry::text).toList());
    }

    /** The view answers from copies that have 1 row, then 2, then all 3 (or stays at 1 when {@code converges} is not). */
    private static void viewCatchingUp(boolean converges) {
        String[] totals = converges ? new String[] {"1", "2", "3"} : new String[] {"1"};
        String state = Scenario.STARTED;
        for (int i = 0; i < totals.length; i++) {
            String next = i + 1 < totals.length ? "after " + (i + 1) : state;
            wireMock.stubFor(get("/" + DB + "/_design/d/_view/v").inScenario("copies").whenScenarioStateIs(state)
                    .willReturn(json(200, "{\"total_rows\":" + totals[i] + ",\"offset\":0,\"rows\":[]}"))
                    .willSetStateTo(next));
            state = next;
        }
    }

    private static final String VIEW_CASE = """
            {"id": "http.t.view", "level": "MUST", "description": "a view has every document written",
             "steps": [{"request": {"path": "/{{db}}/_design/d/_view/v"},
                        "expect": {"status": 200, "body": {"total_rows": 3, "offset": 0, "rows": []}}}]}
            """;

    @Test
    void aViewReadOnAClusterIsSentAgainUntilItsCopiesCaughtUp() {
        // given
        viewCatchingUp(true);

        // when
        CaseResult result = run(CLUSTER, VIEW_CASE);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        wireMock.verify(3, getRequestedFor(urlEqualTo("/" + DB + "/_design/d/_view/v")));
        assertThat(transcript(result)).contains("poll attempt 1 (+0 ms): 200, body: at /total_rows: expected 3, got 1",
                "poll: as expected at attempt 3, 400 ms after the first");
    }

    @Test
    void aViewReadOnOneNodeIsJudgedAtOnce() {
        // given
        viewCatchingUp(true);

        // when
        CaseResult result = run(EndpointShape.SINGLE_NODE, VIEW_CASE);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo("step 0 (GET /{{db}}/_design/d/_view/v): body: at /total_rows: "
                + "expected 3, got 1");
        wireMock.verify(1, getRequestedFor(urlEqualTo("/" + DB + "/_design/d/_view/v")));
    }

    @Test
    void aClusterWhoseCopiesNeverCatchUpFailsSayingHowLongItWaitedAndWhatItLastSaw() {
        // given
        viewCatchingUp(false);

        // when
        CaseResult result = run(CLUSTER, VIEW_CASE);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo("step 0 (GET /{{db}}/_design/d/_view/v): not as expected after 101 "
                + "attempts in 20000 ms (a cluster's copies catch up after a write: read again every 200 ms within "
                + "20000 ms); the last: body: at /total_rows: expected 3, got 1");
    }

    @Test
    void aDocumentReadOnAClusterIsJudgedAtOnceForItAsksAQuorum() {
        // given
        wireMock.stubFor(get("/" + DB + "/a").willReturn(json(200, "{\"_id\":\"a\",\"v\":1}")));

        // when
        CaseResult result = run(CLUSTER, """
                {"id": "http.t.doc", "level": "MUST", "description": "a document read",
                 "steps": [{"request": {"path": "/{{db}}/a"}, "expect": {"status": 200, "body": {"_id": "a", "v": 2}}}]}
                """);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        wireMock.verify(1, getRequestedFor(urlEqualTo("/" + DB + "/a")));
    }

    private static final String WRITE_CASE = """
            {"id": "http.t.write", "level": "MUST", "description": "a document write",
             "steps": [{"request": {"method": "PUT", "path": "/{{db}}/a", "body": {"v": 1}},
                        "expect": {"status": 201, "body": {"ok": true, "id": "a", "rev": {"$rev": {"gen": 1}}}}},
                       {"request": {"method": "POST", "path": "/{{db}}/_bulk_docs", "body": {"docs": [{"_id": "b"}]}},
                        "expect": {"status": 201, "body": [{"ok": true, "id": "b", "rev": {"$rev": {"gen": 1}}}]}}]}
            """;

    private static void writesAccepted() {
        wireMock.stubFor(put("/" + DB + "/a").willReturn(json(202, "{\"ok\":true,\"id\":\"a\",\"rev\":\"1-x\"}")));
        wireMock.stubFor(com.github.tomakehurst.wiremock.client.WireMock.post("/" + DB + "/_bulk_docs").willReturn(
                json(202, "[{\"ok\":true,\"id\":\"b\",\"rev\":\"1-y\",\"accepted\":true}]")));
    }

    @Test
    void aClustersAcceptedWriteCountsAsWritten() {
        // given
        writesAccepted();

        // when
        CaseResult result = run(CLUSTER, WRITE_CASE);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(transcript(result)).contains("202 Accepted from a cluster: fewer than w copies confirmed the "
                + "write in time, and it stays (CouchDB documents 202 for it); judged as 201");
    }

    @Test
    void oneNodesAcceptedWriteIsNoCreatedOne() {
        // given: a single node has w = 1: it never has fewer copies than w
        writesAccepted();

        // when
        CaseResult result = run(EndpointShape.SINGLE_NODE, WRITE_CASE);

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo("step 0 (PUT /{{db}}/a): status: expected 201, got 202");
    }

    private static final String VALIDATED_CASE = """
            {"id": "http.t.validated", "level": "MUST", "description": "a validation refuses an update",
             "steps": [{"request": {"method": "PUT", "path": "/{{db}}/_design/v", "body": {"validate_doc_update": "f"}},
                        "expect": {"status": 201}},
                       {"request": {"method": "PUT", "path": "/{{db}}/lock", "body": {"locked": true}},
                        "expect": {"status": 201}, "capture": {"rl": "/rev"}},
                       {"request": {"method": "PUT", "path": "/{{db}}/lock", "body": {"_rev": "{{rl}}", "v": 2}},
                        "expect": {"status": 403}}]}
            """;

    private static void validatingServer() {
        wireMock.stubFor(put("/" + DB + "/_design/v").willReturn(json(201,
                "{\"ok\":true,\"id\":\"_design/v\",\"rev\":\"1-d\"}")));
        wireMock.stubFor(put("/" + DB + "/lock").inScenario("lock").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(json(201, "{\"ok\":true,\"id\":\"lock\",\"rev\":\"1-l\"}")).willSetStateTo("locked"));
        wireMock.stubFor(put("/" + DB + "/lock").inScenario("lock").whenScenarioStateIs("locked")
                .willReturn(json(403, "{\"error\":\"forbidden\",\"reason\":\"locked\"}")));
        wireMock.stubFor(get(urlPathMatching("/" + DB + "/.*")).willReturn(json(200, "{\"_id\":\"x\"}")));
    }

    @Test
    void aWriteOnAClusterWaitsForTheDesignDocumentsAndTheDocumentItDependsOnToBeOnEveryCopy() {
        // given
        validatingServer();

        // when
        CaseResult result = run(CLUSTER, VALIDATED_CASE);

        // then: the design document is read from all 3 copies before the next write, the document before its update
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        List<String> lines = result.transcript().stream().map(entry -> entry.text().lines().findFirst().orElse(""))
                .toList();
        String settled = " answered 200 (every copy gets what this write depends on first: fabric_doc_open reads "
                + "all 3 and repairs a copy that lacks it)";
        assertThat(lines).containsSubsequence("PUT /" + DB + "/_design/v",
                "cluster: GET /" + DB + "/_design/v?r=3" + settled, "PUT /" + DB + "/lock",
                "cluster: GET /" + DB + "/lock?r=3" + settled, "PUT /" + DB + "/lock");
        wireMock.verify(getRequestedFor(urlEqualTo("/" + DB + "/_design/v?r=3")));
        wireMock.verify(getRequestedFor(urlEqualTo("/" + DB + "/lock?r=3")));
    }

    @Test
    void aWriteOnOneNodeReadsNothingFirst() {
        // given
        validatingServer();

        // when
        CaseResult result = run(EndpointShape.SINGLE_NODE, VALIDATED_CASE);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        wireMock.verify(0, getRequestedFor(urlPathMatching("/" + DB + "/.*")));
    }
}
