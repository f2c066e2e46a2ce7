package org.couchtck.reference.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Inline attachments, stubs, attachment data and the standalone attachment API, against what CouchDB 3.5.2 answered
 * in {@code changes.attachments} (its rev and digests) and what chttpd_db/couch_att do where nothing is recorded.
 */
@Timeout(60)
class AttachmentsTest {

    /** The document of {@code changes.attachments}' exchange #1. */
    private static final String RECORDED_DOC = "{\"v\":1,\"_attachments\":{"
            + "\"hello.txt\":{\"content_type\":\"text/plain\",\"data\":\"aGVsbG8gd29ybGQ=\"},"
            + "\"page.html\":{\"content_type\":\"text/html\",\"data\":\"PGh0bWw+PGJvZHk+aGk8L2JvZHk+PC9odG1sPg==\"}}}";
    private static final String RECORDED_REV = "1-66ca2c55bcf17611ef6d2bb03f9b5180";
    private static final String HELLO_DIGEST = "md5-7mkg+nM0HN26sZkLN8KVSA==";
    private static final String PAGE_DIGEST = "md5-ojdQYSKP5YqgUAz7ek1AiQ==";
    private static final String HELLO_STUB = "\"hello.txt\":{\"content_type\":\"text/plain\",\"revpos\":1,"
            + "\"digest\":\"" + HELLO_DIGEST + "\",\"length\":11,\"stub\":true}";
    private static final String PAGE_STUB = "\"page.html\":{\"content_type\":\"text/html\",\"revpos\":1,"
            + "\"digest\":\"" + PAGE_DIGEST + "\",\"length\":28,\"stub\":true}";

    private static ReferenceEndpoint endpoint;
    private static TestClient admin;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

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
        admin.put("/" + name + "?q=1", null);
        return "/" + name;
    }

    /** A database holding the recorded document as {@code att}. */
    private static String recordedDb(String name) {
        String db = db(name);
        assertThat(admin.put(db + "/att", RECORDED_DOC).status()).isEqualTo(201);
        return db;
    }

    // ---- writing inline attachments ----

    @Test
    void should_answer_the_recorded_rev_when_a_document_is_written_with_inline_attachments() {
        String db = db("att-rev");

        TestClient.Reply reply = admin.put(db + "/att", RECORDED_DOC);

        assertThat(reply.status()).isEqualTo(201);
        assertThatJson(reply.body()).isEqualTo("{\"ok\":true,\"id\":\"att\",\"rev\":\"" + RECORDED_REV + "\"}");
        assertThat(reply.header("ETag")).isEqualTo("\"" + RECORDED_REV + "\"");
    }

    @Test
    void should_show_stubs_after_the_body_when_a_document_with_attachments_is_read() {
        String db = recordedDb("att-stubs");

        TestClient.Reply reply = admin.get(db + "/att");

        assertThat(reply.raw().body()).isEqualTo("{\"_id\":\"att\",\"_rev\":\"" + RECORDED_REV + "\",\"v\":1,"
                + "\"_attachments\":{" + HELLO_STUB + "," + PAGE_STUB + "}}\n");
    }

    @Test
    void should_inline_the_identity_data_without_length_or_stub_when_attachments_is_true() {
        String db = recordedDb("att-data");

        TestClient.Reply reply = admin.get(db + "/att?attachments=true");

        assertThat(reply.raw().body()).contains("\"_attachments\":{\"hello.txt\":{\"content_type\":\"text/plain\","
                + "\"revpos\":1,\"digest\":\"" + HELLO_DIGEST + "\",\"data\":\"aGVsbG8gd29ybGQ=\"},"
                + "\"page.html\":{\"content_type\":\"text/html\",\"revpos\":1,\"digest\":\"" + PAGE_DIGEST + "\","
                + "\"data\":\"PGh0bWw+PGJvZHk+aGk8L2JvZHk+PC9odG1sPg==\"}}");
    }

    @Test
    void should_add_encoding_and_encoded_length_when_att_encoding_info_is_true() {
        String db = recordedDb("att-encoding");

        TestClient.Reply reply = admin.get(db + "/att?att_encoding_info=true");

        assertThat(reply.raw().body()).contains("\"hello.txt\":{\"content_type\":\"text/plain\",\"revpos\":1,"
                + "\"digest\":\"" + HELLO_DIGEST + "\",\"length\":11,\"stub\":true,\"encoding\":\"gzip\","
                + "\"encoded_length\":31}");
        assertThat(reply.raw().body()).contains("\"length\":28,\"stub\":true,\"encoding\":\"gzip\","
                + "\"encoded_length\":41}");
    }

    @Test
    void should_store_other_types_as_they_are_when_they_are_not_compressible() {
        String db = db("att-identity");
        String data = Base64.getEncoder().encodeToString("PNG?".getBytes(StandardCharsets.UTF_8));
        admin.put(db + "/doc", "{\"_attachments\":{\"i.png\":{\"content_type\":\"image/png\",\"data\":\"" + data
                + "\"},\"raw\":{\"data\":\"" + data + "\"},\"j\":{\"content_type\":\"application/json; charset=utf-8\","
                + "\"data\":\"" + data + "\"}}}");

        TestClient.Reply reply = admin.get(db + "/doc?att_encoding_info=true");

        assertThatJson(reply.body().get("_attachments").get("i.png")).isEqualTo("{\"content_type\":\"image/png\","
                + "\"revpos\":1,\"digest\":\"" + md5Digest("PNG?".getBytes(StandardCharsets.UTF_8)) + "\","
                + "\"length\":4,\"stub\":true}");
        assertThatJson(reply.body()).inPath("_attachments.raw.content_type").isEqualTo("application/octet-stream");
        assertThatJson(reply.body()).inPath("_attachments.j.encoding").isEqualTo("gzip");
    }

    @Test
    void should_show_attachments_in_changes_and_all_docs_when_docs_are_included() {
        String db = recordedDb("att-feeds");

        String stubs = admin.get(db + "/_changes?include_docs=true").raw().body();
        String data = admin.get(db + "/_changes?include_docs=true&attachments=true").raw().body();
        String info = admin.get(db + "/_changes?include_docs=true&att_encoding_info=true").raw().body();
        String noDocs = admin.get(db + "/_changes?attachments=true").raw().body();
        String allDocs = admin.get(db + "/_all_docs?include_docs=true&attachments=true").raw().body();

        assertThat(stubs).contains("\"v\":1,\"_attachments\":{" + HELLO_STUB + "," + PAGE_STUB + "}}}");
        assertThat(data).contains("\"data\":\"aGVsbG8gd29ybGQ=\"").doesNotContain("\"stub\"");
        assertThat(info).contains("\"encoded_length\":31").contains("\"encoded_length\":41");
        assertThat(noDocs).doesNotContain("_attachments");
        assertThat(allDocs).contains("\"data\":\"PGh0bWw+PGJvZHk+aGk8L2JvZHk+PC9odG1sPg==\"");
    }

    // ---- stubs and updates ----

    @Test
    void should_keep_the_parents_attachment_with_its_revpos_when_an_update_gives_a_stub() {
        String db = recordedDb("att-stub-keep");
        String without = recordedDb("att-stub-without");

        TestClient.Reply updated = admin.put(db + "/att", "{\"_rev\":\"" + RECORDED_REV + "\",\"v\":2,"
                + "\"_attachments\":{\"hello.txt\":{\"stub\":true,\"revpos\":1}}}");
        TestClient.Reply updatedWithout = admin.put(without + "/att", "{\"_rev\":\"" + RECORDED_REV + "\",\"v\":2}");
        TestClient.Reply read = admin.get(db + "/att");

        assertThat(updated.status()).isEqualTo(201);
        assertThat(read.raw().body()).endsWith("\"v\":2,\"_attachments\":{" + HELLO_STUB + "}}\n");
        // the kept attachment's digest enters the revision id
        assertThat(updated.body().get("rev").asText()).startsWith("2-")
                .isNotEqualTo(updatedWithout.body().get("rev").asText());
    }

    @Test
    void should_drop_the_attachments_when_an_update_has_no_attachments_field() {
        String db = recordedDb("att-drop");

        admin.put(db + "/att", "{\"_rev\":\"" + RECORDED_REV + "\",\"v\":2}");

        assertThat(admin.get(db + "/att").body().has("_attachments")).isFalse();
        assertThatJson(admin.get(db + "/att/hello.txt").body())
                .isEqualTo("{\"error\":\"not_found\",\"reason\":\"Document is missing attachment\"}");
    }

    @Test
    void should_answer_412_missing_stub_when_the_parent_lacks_the_stubbed_attachment() {
        String db = recordedDb("att-missing-stub");

        TestClient.Reply unknownName = admin.put(db + "/att", "{\"_rev\":\"" + RECORDED_REV + "\","
                + "\"_attachments\":{\"nope.txt\":{\"stub\":true}}}");
        TestClient.Reply otherRevpos = admin.put(db + "/att", "{\"_rev\":\"" + RECORDED_REV + "\","
                + "\"_attachments\":{\"hello.txt\":{\"stub\":true,\"revpos\":2}}}");
        TestClient.Reply newDoc = admin.put(db + "/fresh", "{\"_attachments\":{\"a\":{\"stub\":true}}}");

        assertThat(unknownName.status()).isEqualTo(412);
        assertThatJson(unknownName.body()).isEqualTo("{\"error\":\"missing_stub\","
                + "\"reason\":\"Invalid attachment stub in att for nope.txt\"}");
        assertThat(otherRevpos.status()).isEqualTo(412);
        assertThatJson(newDoc.body()).isEqualTo("{\"error\":\"missing_stub\","
                + "\"reason\":\"Invalid attachment stub in fresh for a\"}");
        assertThat(admin.get(db + "/att").body().get("_rev").asText()).isEqualTo(RECORDED_REV);
    }

    @Test
    void should_fail_the_whole_batch_when_a_bulk_docs_document_has_a_missing_stub() {
        String db = db("att-bulk-stub");

        TestClient.Reply reply = admin.post(db + "/_bulk_docs", "{\"docs\":[{\"_id\":\"a\",\"v\":1},"
                + "{\"_id\":\"b\",\"_attachments\":{\"x\":{\"stub\":true}}}]}");

        assertThat(reply.status()).isEqualTo(412);
        assertThat(admin.get(db + "/a").status()).isEqualTo(404);
    }

    @Test
    void should_answer_400_when_inline_data_is_not_base64_or_a_name_starts_with_underscore() {
        String db = db("att-invalid");

        TestClient.Reply badData = admin.put(db + "/d", "{\"_attachments\":{\"x\":{\"data\":\"***\"}}}");
        TestClient.Reply noData = admin.put(db + "/d", "{\"_attachments\":{\"y\":{\"content_type\":\"text/plain\"}}}");
        TestClient.Reply underscore = admin.put(db + "/d", "{\"_attachments\":{\"_x\":{\"data\":\"aGk=\"}}}");

        assertThatJson(badData.body()).isEqualTo("{\"error\":\"bad_request\",\"reason\":\"Invalid attachment data for x\"}");
        assertThatJson(noData.body()).isEqualTo("{\"error\":\"bad_request\",\"reason\":\"Invalid attachment data for y\"}");
        assertThatJson(underscore.body()).isEqualTo("{\"error\":\"bad_request\","
                + "\"reason\":\"Attachment name '_x' starts with prohibited character '_'\"}");
    }

    // ---- GET /db/doc/att ----

    @Test
    void should_send_the_identity_bytes_with_the_type_and_the_digest_as_etag_when_an_attachment_is_read() {
        String db = recordedDb("att-get");

        HttpResponse<byte[]> reply = send(HttpRequest.newBuilder(uri(db + "/att/hello.txt")).GET());

        assertThat(reply.statusCode()).isEqualTo(200);
        assertThat(new String(reply.body(), StandardCharsets.UTF_8)).isEqualTo("hello world");
        assertThat(reply.headers().firstValue("Content-Type")).hasValue("text/plain");
        assertThat(reply.headers().firstValue("ETag")).hasValue("\"7mkg+nM0HN26sZkLN8KVSA==\"");
        assertThat(reply.headers().firstValue("Content-Length")).hasValue("11");
        assertThat(reply.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(reply.headers().firstValue("Accept-Ranges")).hasValue("none");
        assertThat(reply.headers().firstValue("Content-Security-Policy")).hasValue("sandbox");
    }

    @Test
    void should_send_the_stored_gzip_bytes_when_the_client_accepts_gzip() {
        String db = recordedDb("att-get-gzip");

        HttpResponse<byte[]> reply = send(HttpRequest.newBuilder(uri(db + "/att/hello.txt"))
                .header("Accept-Encoding", "gzip").GET());

        assertThat(reply.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(reply.body()).hasSize(31);
        assertThat(md5Digest(reply.body())).isEqualTo(HELLO_DIGEST);
        assertThat(new String(gunzip(reply.body()), StandardCharsets.UTF_8)).isEqualTo("hello world");
    }

    @Test
    void should_answer_head_with_the_headers_only_and_304_for_a_matching_if_none_match() {
        String db = recordedDb("att-head");

        HttpResponse<byte[]> head = send(HttpRequest.newBuilder(uri(db + "/att/page.html"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()));
        HttpResponse<byte[]> cached = send(HttpRequest.newBuilder(uri(db + "/att/page.html"))
                .header("If-None-Match", "\"ojdQYSKP5YqgUAz7ek1AiQ==\"").GET());

        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("Content-Length")).hasValue("28");
        assertThat(head.body()).isEmpty();
        assertThat(cached.statusCode()).isEqualTo(304);
        assertThat(cached.body()).isEmpty();
    }

    @Test
    void should_answer_404_when_the_document_or_its_attachment_is_missing() {
        String db = recordedDb("att-404");
        admin.put(db + "/noatt", "{\"v\":2}");

        TestClient.Reply noAttachment = admin.get(db + "/noatt/file.txt");
        TestClient.Reply noDocument = admin.get(db + "/nodoc/file.txt");
        TestClient.Reply local = admin.get(db + "/_local/x/file.txt");

        assertThat(noAttachment.status()).isEqualTo(404);
        assertThatJson(noAttachment.body())
                .isEqualTo("{\"error\":\"not_found\",\"reason\":\"Document is missing attachment\"}");
        assertThatJson(noDocument.body()).isEqualTo("{\"error\":\"not_found\",\"reason\":\"missing\"}");
        assertThatJson(local.body()).isEqualTo("{\"error\":\"bad_request\","
                + "\"reason\":\"_local documents do not accept attachments.\"}");
    }

    // ---- PUT and DELETE /db/doc/att ----

    @Test
    void should_add_the_uploaded_attachment_first_and_keep_the_others_when_put_with_a_rev() {
        String db = recordedDb("att-put");
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2};

        HttpResponse<byte[]> put = send(HttpRequest.newBuilder(uri(db + "/att/dir/img.png?rev=" + RECORDED_REV))
                .header("Content-Type", "image/png").PUT(HttpRequest.BodyPublishers.ofByteArray(png)));
        TestClient.Reply doc = admin.get(db + "/att");
        HttpResponse<byte[]> read = send(HttpRequest.newBuilder(uri(db + "/att/dir/img.png")).GET());

        assertThat(put.statusCode()).isEqualTo(201);
        assertThatJson(new String(put.body(), StandardCharsets.UTF_8)).isEqualTo("{\"ok\":true,\"id\":\"att\","
                + "\"rev\":\"${json-unit.regex}2-[0-9a-f]{32}\"}");
        assertThat(put.headers().firstValue("Location")).hasValueSatisfying(l -> l.endsWith("/att/dir%2Fimg.png"));
        assertThat(doc.raw().body()).contains("\"_attachments\":{\"dir/img.png\":{\"content_type\":\"image/png\","
                + "\"revpos\":2,\"digest\":\"" + md5Digest(png) + "\",\"length\":7,\"stub\":true}," + HELLO_STUB
                + "," + PAGE_STUB + "}");
        assertThat(read.body()).isEqualTo(png);
        assertThat(read.headers().firstValue("Accept-Ranges")).hasValue("bytes");
    }

    @Test
    void should_create_the_document_when_an_attachment_is_put_without_a_rev_and_conflict_when_it_exists() {
        String db = db("att-put-new");

        HttpResponse<byte[]> created = send(HttpRequest.newBuilder(uri(db + "/new/a.txt"))
                .PUT(HttpRequest.BodyPublishers.ofString("hi")));
        HttpResponse<byte[]> again = send(HttpRequest.newBuilder(uri(db + "/new/a.txt"))
                .PUT(HttpRequest.BodyPublishers.ofString("hi")));
        HttpResponse<byte[]> staleRev = send(HttpRequest.newBuilder(uri(db + "/nodoc/a.txt?rev=1-abc"))
                .PUT(HttpRequest.BodyPublishers.ofString("hi")));

        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(admin.get(db + "/new").body().get("_attachments").get("a.txt").get("content_type").asText())
                .isEqualTo("application/octet-stream");
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(staleRev.statusCode()).isEqualTo(409);
        assertThatJson(new String(staleRev.body(), StandardCharsets.UTF_8))
                .isEqualTo("{\"error\":\"not_found\",\"reason\":\"missing_rev\"}");
    }

    @Test
    void should_remove_the_attachment_when_deleted_with_a_rev() {
        String db = recordedDb("att-delete");

        TestClient.Reply deleted = admin.delete(db + "/att/hello.txt?rev=" + RECORDED_REV);
        TestClient.Reply missing = admin.delete(db + "/att/nope.txt?rev=" + deleted.body().get("rev").asText());
        TestClient.Reply withoutRev = admin.delete(db + "/att/page.html");

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.body().get("rev").asText()).startsWith("2-");
        assertThat(deleted.header("Location")).isNull();
        assertThat(admin.get(db + "/att").raw().body()).endsWith("\"v\":1,\"_attachments\":{" + PAGE_STUB + "}}\n");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(withoutRev.status()).isEqualTo(409);
    }

    // ---- helpers ----

    private static java.net.URI uri(String path) {
        return endpoint.uri().resolve(path);
    }

    private static HttpResponse<byte[]> send(HttpRequest.Builder request) {
        String auth = Base64.getEncoder().encodeToString("admin:admin".getBytes(StandardCharsets.UTF_8));
        try {
            return HTTP.send(request.header("Authorization", "Basic " + auth).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String md5Digest(byte[] bytes) {
        try {
            return "md5-" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] gunzip(byte[] gzipped) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
