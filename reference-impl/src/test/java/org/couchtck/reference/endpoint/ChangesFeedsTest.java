package org.couchtck.reference.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The four _changes framings, their parameters and filters, byte for byte where CouchDB's framing is recorded. */
@Timeout(60)
class ChangesFeedsTest {

    private static final String SEQ = "\"[0-9]+-[A-Za-z0-9_-]+\"";

    private static ReferenceEndpoint endpoint;
    private static TestClient admin;

    @BeforeAll
    static void start() {
        endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
        admin = TestClient.admin(endpoint);
    }

    @AfterAll
    static void stop() {
        endpoint.close();
    }

    private static String db(String name) {
        admin.put("/" + name, null);
        return "/" + name;
    }

    @Test
    void should_frame_the_normal_feed_as_couchdb_does() {
        String db = db("framing");
        admin.put(db + "/a", "{\"n\":1}");
        admin.put(db + "/b", "{\"n\":2}");

        TestClient.Reply reply = admin.get(db + "/_changes");

        assertThat(reply.raw().body()).matches("\\{\"results\":\\[\n"
                + "\\{\"seq\":" + SEQ + ",\"id\":\"a\",\"changes\":\\[\\{\"rev\":\"1-731bef401491606a3b246ed178e697c1\"}]},\r\n"
                + "\\{\"seq\":" + SEQ + ",\"id\":\"b\",\"changes\":\\[\\{\"rev\":\"1-43a36d04d31d38efc5b9245c53e00627\"}]}\n"
                + "],\n\"last_seq\":" + SEQ + ",\"pending\":0}\n\n");
        assertThat(reply.header("ETag")).matches("\"[0-9A-Z]{25}\"");
    }

    @Test
    void should_show_an_updated_document_once_at_its_latest_seq_and_resume_after_a_given_seq() {
        String db = db("resume");
        admin.put(db + "/a", "{\"n\":1}");
        String rev = admin.put(db + "/b", "{\"n\":2}").body().get("rev").asText();
        admin.put(db + "/c", "{\"n\":3}");
        admin.put(db + "/b", "{\"_rev\":\"" + rev + "\",\"n\":20}");

        JsonNode all = admin.get(db + "/_changes").body();
        String afterA = all.at("/results/0/seq").asText();
        JsonNode resumed = admin.get(db + "/_changes?since=" + afterA).body();

        assertThat(ids(all)).containsExactly("a", "c", "b");
        assertThat(ids(resumed)).containsExactly("c", "b");
        assertThat(all.at("/results/2/seq").asText()).startsWith("4-");
    }

    @Test
    void should_apply_limit_descending_pending_and_since_now() {
        String db = db("params");
        for (String id : List.of("a", "b", "c", "d", "e")) {
            admin.put(db + "/" + id, "{}");
        }

        JsonNode limited = admin.get(db + "/_changes?limit=2").body();
        JsonNode descending = admin.get(db + "/_changes?descending=true&limit=2").body();
        JsonNode now = admin.get(db + "/_changes?since=now").body();
        JsonNode zero = admin.get(db + "/_changes?limit=0").body();

        assertThat(ids(limited)).containsExactly("a", "b");
        assertThat(limited.get("pending").asInt()).isEqualTo(3);
        assertThat(limited.get("last_seq").asText()).startsWith("2-");
        assertThat(ids(descending)).containsExactly("e", "d");
        assertThat(descending.get("last_seq").asText()).startsWith("4-");
        assertThat(now.get("results")).isEmpty();
        assertThat(now.get("last_seq").asText()).startsWith("5-");
        assertThat(zero.get("pending").asInt()).isEqualTo(5);
        assertThat(zero.get("last_seq").asText()).startsWith("0-");
    }

    @Test
    void should_null_the_seqs_seq_interval_leaves_out() {
        String db = db("interval");
        for (int i = 0; i < 7; i++) {
            admin.put(db + "/d" + i, "{\"n\":" + i + "}");
        }

        JsonNode reply = admin.get(db + "/_changes?seq_interval=3").body();

        List<Boolean> shown = new ArrayList<>();
        reply.get("results").forEach(r -> shown.add(!r.get("seq").isNull()));
        assertThat(shown).containsExactly(false, true, false, false, true, false, false);
        assertThat(admin.get(db + "/_changes?seq_interval=0").status()).isEqualTo(400);
    }

    @Test
    void should_hold_a_longpoll_open_until_the_next_change() throws Exception {
        String db = db("longpoll");
        admin.put(db + "/a", "{}");

        try (BufferedReader feed = admin.stream(db + "/_changes?feed=longpoll&since=now", "application/json")) {
            admin.put(db + "/later", "{\"v\":1}");
            String body = readAll(feed);

            assertThatJson(body).inPath("results[*].id").isEqualTo("[\"later\"]");
            assertThatJson(body).inPath("pending").isEqualTo(0);
        }
    }

    @Test
    void should_stream_creates_updates_and_deletes_on_a_continuous_feed_then_end_at_its_timeout() throws Exception {
        // Each write waits for its change to be streamed: writes in a row may rightly come as one change (the
        // document's latest), as on CouchDB, when the feed wakes after them.
        String db = db("continuous");
        try (BufferedReader feed = admin.stream(db + "/_changes?feed=continuous&since=now&timeout=3000",
                "application/json")) {
            String rev1 = admin.put(db + "/live", "{\"v\":1}").body().get("rev").asText();
            JsonNode created = nextChange(feed);
            String rev2 = admin.put(db + "/live", "{\"_rev\":\"" + rev1 + "\",\"v\":2}").body().get("rev").asText();
            JsonNode updated = nextChange(feed);
            String rev3 = admin.delete(db + "/live?rev=" + rev2).body().get("rev").asText();
            JsonNode deleted = nextChange(feed);
            List<JsonNode> rest = new ArrayList<>();
            String line;
            while ((line = feed.readLine()) != null) {
                if (!line.isEmpty()) {
                    rest.add(TestClient.JSON.readTree(line));
                }
            }

            assertThat(List.of(created, updated, deleted)).extracting(l -> l.at("/changes/0/rev").asText())
                    .containsExactly(rev1, rev2, rev3);
            assertThat(created.has("deleted")).isFalse();
            assertThat(deleted.get("deleted").asBoolean()).isTrue();
            assertThat(rest).singleElement().satisfies(l -> assertThat(l.has("last_seq")).isTrue());
        }
    }

    /** The next line of {@code feed} that is a change (heartbeats are empty lines). */
    private static JsonNode nextChange(BufferedReader feed) throws IOException {
        String line;
        while ((line = feed.readLine()) != null) {
            if (!line.isEmpty()) {
                JsonNode node = TestClient.JSON.readTree(line);
                assertThat(node.has("changes")).as(line).isTrue();
                return node;
            }
        }
        throw new AssertionError("the feed ended before the next change");
    }

    @Test
    void should_send_events_with_quoted_ids_and_honour_last_event_id() throws Exception {
        String db = db("events");
        admin.put(db + "/a", "{}");
        admin.put(db + "/b", "{}");
        admin.put(db + "/c", "{}");
        String second = admin.get(db + "/_changes").body().at("/results/1/seq").asText();

        String first = readAll(admin.stream(db + "/_changes?feed=eventsource&since=0&timeout=200", "text/event-stream"));
        HttpResponse<String> resumed = HttpClient.newHttpClient().send(HttpRequest
                .newBuilder(endpoint.uri().resolve(db + "/_changes?feed=eventsource&since=0&timeout=200"))
                .header("Authorization", "Basic YWRtaW46YWRtaW4=").header("Last-Event-ID", second).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(first).contains("\nid: \"1-").contains("\nid: \"2-").startsWith("data: {\"seq\":");
        assertThat(resumed.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        assertThat(resumed.body()).contains("\"id\":\"c\"").doesNotContain("\"id\":\"a\"").doesNotContain("\"id\":\"b\"");
    }

    @Test
    void should_filter_by_doc_ids_design_a_javascript_filter_and_a_view() {
        String db = db("filters");
        admin.put(db + "/_design/f", "{\"filters\":{\"typed\":\"function(doc, req) { return doc.type === req.query.type; }\"},"
                + "\"views\":{\"xs\":{\"map\":\"function(doc) { if (doc.type === 'x') emit(doc._id, null); }\"}}}");
        admin.post(db + "/_bulk_docs", "{\"docs\":[{\"_id\":\"x1\",\"type\":\"x\"},{\"_id\":\"y1\",\"type\":\"y\"},"
                + "{\"_id\":\"x2\",\"type\":\"x\"}]}");

        JsonNode docIds = admin.get(db + "/_changes?filter=_doc_ids&doc_ids=%5B%22y1%22%5D").body();
        JsonNode design = admin.get(db + "/_changes?filter=_design").body();
        JsonNode js = admin.get(db + "/_changes?filter=f/typed&type=y").body();
        JsonNode view = admin.get(db + "/_changes?filter=_view&view=f/xs").body();
        TestClient.Reply missing = admin.get(db + "/_changes?filter=f/nope");

        assertThat(ids(docIds)).containsExactly("y1");
        assertThat(docIds.get("pending").asInt()).isEqualTo(3);
        assertThat(ids(design)).containsExactly("_design/f");
        assertThat(ids(js)).containsExactly("y1");
        assertThat(ids(view)).containsExactly("x1", "x2");
        assertThat(view.get("pending").asInt()).isZero();
        assertThat(missing.status()).isEqualTo(404);
        assertThatJson(missing.body()).isEqualTo("{\"error\":\"not_found\",\"reason\":\"missing json key: nope\"}");
    }

    @Test
    void should_keep_local_documents_out_of_the_feed() {
        String db = db("locals");
        TestClient.Reply local = admin.put(db + "/_local/l", "{\"v\":1}");
        TestClient.Reply again = admin.put(db + "/_local/l", "{\"_rev\":\"0-1\",\"v\":2}");
        admin.put(db + "/a", "{}");

        assertThatJson(local.body()).isEqualTo("{\"ok\":true,\"id\":\"_local/l\",\"rev\":\"0-1\"}");
        assertThatJson(again.body()).inPath("rev").isEqualTo("\"0-2\"");
        assertThat(ids(admin.get(db + "/_changes").body())).containsExactly("a");
        assertThatJson(admin.get(db + "/_local/l").body()).isEqualTo("{\"_id\":\"_local/l\",\"_rev\":\"0-2\",\"v\":2}");
    }

    @Test
    void should_refuse_bad_parameters_with_couchdbs_errors() {
        String db = db("bad-params");

        assertThatJson(admin.get(db + "/_changes?feed=bogus").body()).isEqualTo("{\"error\":\"bad_request\","
                + "\"reason\":\"Supported `feed` types: normal, continuous, live, longpoll, eventsource\"}");
        assertThatJson(admin.get(db + "/_changes?since=garbage").body()).isEqualTo("{\"error\":\"bad_request\","
                + "\"reason\":\"Malformed sequence supplied in 'since' parameter.\"}");
        assertThatJson(admin.get(db + "/_changes?feed=continuous&heartbeat=0").body()).isEqualTo(
                "{\"error\":\"bad_request\",\"reason\":\"The heartbeat value should be a positive integer (in milliseconds).\"}");
        assertThat(admin.get("/no-such-db/_changes").status()).isEqualTo(404);
    }

    @Test
    void should_end_a_waiting_feed_when_its_database_is_deleted() throws Exception {
        String db = db("doomed");
        try (BufferedReader feed = admin.stream(db + "/_changes?feed=continuous&since=now&heartbeat=100",
                "application/json")) {
            admin.delete(db);

            assertThat(readAll(feed)).contains("last_seq");
        }
    }

    private static String readAll(BufferedReader reader) throws Exception {
        StringBuilder text = new StringBuilder();
        char[] buffer = new char[4096];
        int n;
        while ((n = reader.read(buffer)) >= 0) {
            text.append(buffer, 0, n);
        }
        return text.toString();
    }

    private static List<String> ids(JsonNode changes) {
        List<String> ids = new ArrayList<>();
        changes.get("results").forEach(r -> ids.add(r.get("id").asText()));
        return ids;
    }

    private static List<String> chunksOf(String path) throws Exception {
        ActualResponse response = RawHttpExchange.send(endpoint.uri(), "GET", path, Map.of("Authorization",
                "Basic " + java.util.Base64.getEncoder().encodeToString("admin:admin".getBytes(
                        java.nio.charset.StandardCharsets.UTF_8))), null, 10_000);
        return response.chunks().stream().map(StreamChunk::data).toList();
    }

    @Test
    void should_send_the_rows_of_a_catch_up_in_one_chunk_and_the_rows_kept_at_the_limit_with_the_last_line()
            throws Exception {
        // given
        String db = db("chunked-catch-up");
        admin.post(db + "/_bulk_docs", "{\"docs\":[{\"_id\":\"a\"},{\"_id\":\"b\"},{\"_id\":\"c\"}]}");

        // when
        List<String> caughtUp = chunksOf(db + "/_changes?feed=continuous&since=0&timeout=200");
        List<String> limited = chunksOf(db + "/_changes?feed=continuous&since=0&limit=2");

        // then: chttpd_db's changes_callback flushes its buffer when it waits, and sends it with the last line
        assertThat(caughtUp).hasSize(3);
        assertThat(caughtUp.get(0)).matches("(\\{\"seq\":" + SEQ + ",\"id\":\"[abc]\",[^\n]*\\}\n){3}");
        assertThat(caughtUp.get(1)).startsWith("{\"last_seq\":");
        assertThat(caughtUp.get(2)).isEqualTo("\n");
        assertThat(limited).hasSize(2);
        assertThat(limited.get(0)).matches("(\\{\"seq\":[^\n]*\\}\n){2}\\{\"last_seq\":[^\n]*,\"pending\":1\\}\n");
    }

    @Test
    void should_send_a_chunk_before_the_rows_kept_would_pass_1490_bytes() throws Exception {
        // given: rows of about 400 bytes each (a long id), so that three fit a chunk and the fourth does not
        String db = db("chunked-threshold");
        StringBuilder docs = new StringBuilder("{\"docs\":[");
        for (int i = 0; i < 5; i++) {
            docs.append(i == 0 ? "" : ",").append("{\"_id\":\"").append(String.valueOf((char) ('a' + i)).repeat(300))
                    .append("\"}");
        }
        admin.post(db + "/_bulk_docs", docs.append("]}").toString());

        // when
        List<String> chunks = chunksOf(db + "/_changes?feed=continuous&since=0&timeout=200");

        // then
        List<Integer> bytes = chunks.stream().map(c -> c.getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                .toList();
        assertThat(chunks.get(0).split("\n")).hasSize(3);
        assertThat(chunks.get(1).split("\n")).hasSize(2);
        assertThat(bytes.get(0)).isLessThanOrEqualTo(RowBuffer.THRESHOLD);
        assertThat(bytes.get(0) + bytes.get(1) / 2).isGreaterThan(RowBuffer.THRESHOLD);
    }
}
