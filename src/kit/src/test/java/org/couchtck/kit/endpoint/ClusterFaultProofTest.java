package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.TranscriptEntry;
import org.couchtck.reference.endpoint.ReferenceEndpoint;
import org.couchtck.reference.log.CouchLog;
import org.couchtck.reference.store.ClusterLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The cluster rules of the executor proved against the reference endpoint simulating a three-node cluster that is
 * broken on purpose: one whose lagging copy never catches up and answers every read fails the case that reads it,
 * saying how long it waited; one that answers every write 202 Accepted still passes a case that expects 201, but only
 * as a cluster. Polls go by a virtual clock: their 20 s cost nothing.
 */
@Timeout(120)
class ClusterFaultProofTest {

    private static final CouchLog QUIET = (level, message) -> { };
    private static final HttpCorpus CORPUS = HttpCorpus.builtIn();

    private ReferenceEndpoint reference;
    private HttpEndpoint endpoint;

    private EndpointShape cluster(ClusterLayout layout) throws InterruptedException {
        reference = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults().withLog(QUIET).withCluster(layout));
        endpoint = HttpEndpoint.of(reference.uri(), new Credentials(reference.admin().name(),
                reference.admin().password()), Duration.ofSeconds(10));
        return EndpointShape.probe(endpoint, "couchtck-fault-0-shape", Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() {
        if (endpoint != null) {
            endpoint.close();
        }
        if (reference != null) {
            reference.close();
        }
    }

    private CaseResult run(EndpointShape shape, String id) {
        return run(shape, CORPUS.find(id).orElseThrow());
    }

    private CaseResult run(EndpointShape shape, HttpCase testCase) {
        return new HttpCaseExecutor(endpoint, HttpRunSettings.of("fault").withShape(shape), new VirtualPollTimer())
                .run(testCase);
    }

    private static String transcript(CaseResult result) {
        return String.join("\n", result.transcript().stream().map(TranscriptEntry::text).toList());
    }

    @Test
    void aClusterWhoseCopiesNeverCatchUpFailsTheCaseThatReadsThem() throws Exception {
        // given: every read of one copy comes from the copy that never gets the writes
        EndpointShape shape = cluster(new ClusterLayout(3, 3, 2, 1, Long.MAX_VALUE, true));

        // when: documents written in one _bulk_docs, which the kit leaves to the reads sent again
        CaseResult result = run(shape, "http.all_docs.queries");

        // then
        assertThat(shape.describe()).isEqualTo("cluster of 3 nodes, n = 3, q = 2");
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith("step 1 (POST /{{db}}/_all_docs/queries): not as expected after 101 "
                + "attempts in 20000 ms (a cluster's copies catch up after a write: read again every 200 ms within "
                + "20000 ms); the last: body: at /results/0/total_rows: expected 3, got 0");
    }

    @Test
    void aClusterWhoseLaggingCopyAnswersFirstPassesOnceTheOthersAnswer() throws Exception {
        // given: the lagging copy answers the first read of each database, and never catches up by itself
        EndpointShape shape = cluster(new ClusterLayout(3, 3, 2, 1, Long.MAX_VALUE, false));

        // when
        CaseResult result = run(shape, "http.all_docs.queries");

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(transcript(result)).contains("poll attempt 1 (+0 ms): 200, body: at /results/0/total_rows: "
                + "expected 3, got 0", "poll: as expected at attempt 2, 200 ms after the first");
    }

    @Test
    void documentsWrittenOneAtATimeAreOnEveryCopyBeforeAReadOfOneCopy() throws Exception {
        // given: the lagging copy answers every read of one copy, and never catches up by itself
        EndpointShape shape = cluster(new ClusterLayout(3, 3, 2, 1, Long.MAX_VALUE, true));

        // when: three PUTs, then _all_docs
        CaseResult result = run(shape, "http.all_docs.rows");

        // then: the kit read them with r = 3 first, and the lagging copy was repaired
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(transcript(result)).contains("(every copy gets what this read depends on first: fabric_doc_open "
                + "reads all 3 and repairs a copy that lacks it)");
    }

    @Test
    void documentsWrittenOneAtATimeAreOnEveryCopyBeforeAFeedOfOneCopy() throws Exception {
        // given: the lagging copy serves every feed, and never catches up by itself
        EndpointShape shape = cluster(new ClusterLayout(3, 3, 2, 1, Long.MAX_VALUE, true));

        // when: three PUTs, then a longpoll feed since 0 that must show all three at once
        CaseResult result = run(shape, "http.changes.longpoll-immediate");

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(transcript(result)).contains("(every copy gets what this feed depends on first: fabric_doc_open "
                + "reads all 3 and repairs a copy that lacks it)");
    }

    @Test
    void aClusterThatAcceptsEveryWritePassesWhatExpectsItCreated() throws Exception {
        // given: w = 3 of 3 copies, one of them lagging: no write is confirmed by w copies in time
        EndpointShape shape = cluster(new ClusterLayout(3, 3, 3, 1, 0, false));

        // when
        CaseResult result = run(shape, "http.documents.put-create");

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(transcript(result)).contains("202 Accepted from a cluster: fewer than w copies confirmed the "
                + "write in time, and it stays (CouchDB documents 202 for it); judged as 201");
    }

    @Test
    void oneNodeThatAnswers202FailsWhatExpectsItCreated() throws Exception {
        // given: the same server, judged as one node
        cluster(new ClusterLayout(3, 3, 3, 1, 0, false));

        // when
        CaseResult result = run(EndpointShape.SINGLE_NODE, "http.documents.put-create");

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo("step 0 (PUT /{{db}}/doc): status: expected 201, got 202");
    }

    @Test
    void aConflictingWriteTheClusterTookPassesWhenItShowsAsAConflict() throws Exception {
        // given: every write the up-to-date copies refuse as a conflict is taken by the copy that lags
        EndpointShape shape = cluster(ClusterLayout.of(3, 3, Long.MAX_VALUE).withConflictingWrites());

        // when: a PUT without the document's revision, which one node refuses with 409
        CaseResult result = run(shape, "http.documents.conflict");

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(result.message()).startsWith("step 1 (PUT /{{db}}/doc): the cluster took this write, which one "
                + "node refuses with 409 (answered 202: a copy without the latest revision took it), and GET ")
                .contains("?conflicts=true&deleted_conflicts=true shows revision 1-", "as a conflict");
    }

    @Test
    void aConflictingBulkRowTheClusterTookPassesWhenItShowsAsAConflict() throws Exception {
        // given
        EndpointShape shape = cluster(ClusterLayout.of(3, 3, Long.MAX_VALUE).withConflictingWrites());

        // when: _bulk_docs of an existing document without its revision
        CaseResult result = run(shape, HttpFixtures.httpCase("""
                {"id": "http.t.bulk-conflict", "level": "MUST", "description": "a bulk conflict", "databases": ["db"],
                 "steps": [
                  {"request": {"method": "PUT", "path": "/{{db}}/doc", "body": {"v": 1}}, "expect": {"status": 201}},
                  {"request": {"method": "POST", "path": "/{{db}}/_bulk_docs", "body": {"docs": [{"_id": "doc"},
                    {"_id": "other"}]}}, "expect": {"status": 201, "body": [{"id": "doc", "error": "conflict",
                    "reason": {"$type": "string"}}, {"ok": true, "id": "other", "rev": {"$type": "string"}}]}}
                 ]}"""));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(result.message()).startsWith("step 1 (POST /{{db}}/_bulk_docs): the cluster took 1 of these "
                + "writes, which one node refuses as conflicts");
    }

    @Test
    void oneNodeThatTakesAConflictingWriteFailsTheCase() throws Exception {
        // given: the same server, judged as one node
        cluster(ClusterLayout.of(3, 3, Long.MAX_VALUE).withConflictingWrites());

        // when
        CaseResult result = run(EndpointShape.SINGLE_NODE, "http.documents.conflict");

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith("step 1 (PUT /{{db}}/doc): status: expected 409, got 202");
    }

    @Test
    void aWriteTheClusterTookThatIsNoConflictFailsWhatExpectsItRefused() throws Exception {
        // given: a cluster that refuses conflicts, and a case that wrongly expects a good update refused
        EndpointShape shape = cluster(ClusterLayout.of(3, 3, 0));

        // when
        CaseResult result = run(shape, HttpFixtures.httpCase("""
                {"id": "http.t.no-conflict", "level": "MUST", "description": "not a conflict", "databases": ["db"],
                 "steps": [
                  {"request": {"method": "PUT", "path": "/{{db}}/doc", "body": {"v": 1}}, "expect": {"status": 201},
                   "capture": {"r1": "/rev"}},
                  {"request": {"method": "PUT", "path": "/{{db}}/doc", "body": {"_rev": "{{r1}}", "v": 2}},
                   "expect": {"status": 409}}
                 ]}"""));

        // then: read until the bound, and the write was no conflict
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith("step 1 (PUT /{{db}}/doc): status: expected 409, got 201; a cluster "
                + "may take a conflicting write, but GET /").contains("did not show revision 2-",
                "as a conflict within 20000 ms (last: 200 {");
    }
}
