package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Databases, documents, revisions and access, over HTTP, with the texts a real CouchDB 3.5.2 answered. */
class ReferenceEndpointTest {

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

    @Test
    void should_create_a_database_once_and_answer_412_the_second_time() {
        assertThat(admin.put("/created-once", null).status()).isEqualTo(201);

        TestClient.Reply again = admin.put("/created-once", null);

        assertThat(again.status()).isEqualTo(412);
        assertThatJson(again.body()).isEqualTo("{\"error\":\"file_exists\","
                + "\"reason\":\"The database could not be created, the file already exists.\"}");
    }

    @Test
    void should_refuse_an_illegal_database_name_with_couchdbs_reason() {
        TestClient.Reply reply = admin.put("/Upper-Case", null);

        assertThat(reply.status()).isEqualTo(400);
        assertThatJson(reply.body()).isEqualTo("{\"error\":\"illegal_database_name\",\"reason\":\"Name: 'Upper-Case'. "
                + "Only lowercase characters (a-z), digits (0-9), and any of the characters _, $, (, ), +, -, and / "
                + "are allowed. Must begin with a letter.\"}");
    }

    @Test
    void should_compute_the_revision_ids_couchdb_computed_in_the_recordings() {
        admin.put("/revs", null);

        TestClient.Reply created = admin.put("/revs/live", "{\"v\":1}");
        TestClient.Reply updated = admin.put("/revs/live", "{\"_rev\":\"1-7a7e4b29f3af401e69b6f86e4c26b727\",\"v\":2}");
        TestClient.Reply deleted = admin.delete("/revs/live?rev=2-d0df861eb528e79690cd2ff3c4d394f3");

        assertThat(created.body().get("rev").asText()).isEqualTo("1-7a7e4b29f3af401e69b6f86e4c26b727");
        assertThat(created.header("ETag")).isEqualTo("\"1-7a7e4b29f3af401e69b6f86e4c26b727\"");
        assertThat(updated.body().get("rev").asText()).isEqualTo("2-d0df861eb528e79690cd2ff3c4d394f3");
        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.body().get("rev").asText()).isEqualTo("3-9b72b0117fa1058c3b8485ca2583dea3");
        assertThatJson(admin.get("/revs/live").body()).isEqualTo("{\"error\":\"not_found\",\"reason\":\"deleted\"}");
    }

    @Test
    void should_take_a_percent_encoded_percent_sign_as_part_of_a_document_id_as_couchdb_does() {
        // given: Jetty refuses %25 in a path as ambiguous unless told otherwise; CouchDB 3.5.2 answers 201 id "a%b"
        admin.put("/percent", null);

        // when
        TestClient.Reply created = admin.put("/percent/a%25b", "{}");

        // then
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.body().get("id").asText()).isEqualTo("a%b");
        assertThat(admin.get("/percent/a%25b").status()).isEqualTo(200);
    }

    @Test
    void should_answer_409_to_a_write_on_a_stale_revision_or_without_one() {
        admin.put("/stale", null);
        String first = admin.put("/stale/doc", "{\"v\":1}").body().get("rev").asText();
        admin.put("/stale/doc", "{\"_rev\":\"" + first + "\",\"v\":2}");

        TestClient.Reply stale = admin.put("/stale/doc", "{\"_rev\":\"" + first + "\",\"v\":3}");
        TestClient.Reply none = admin.put("/stale/doc", "{\"v\":3}");
        TestClient.Reply deleteWithout = admin.delete("/stale/doc");

        for (TestClient.Reply reply : new TestClient.Reply[] {stale, none, deleteWithout}) {
            assertThat(reply.status()).isEqualTo(409);
            assertThatJson(reply.body()).isEqualTo("{\"error\":\"conflict\",\"reason\":\"Document update conflict.\"}");
        }
    }

    @Test
    void should_keep_both_branches_written_with_new_edits_false_as_a_conflict() {
        admin.put("/conflicted", null);
        admin.post("/conflicted/_bulk_docs", "{\"new_edits\":false,\"docs\":["
                + "{\"_id\":\"d\",\"_rev\":\"2-aaa\",\"_revisions\":{\"start\":2,\"ids\":[\"aaa\",\"root\"]},\"v\":\"a\"},"
                + "{\"_id\":\"d\",\"_rev\":\"2-bbb\",\"_revisions\":{\"start\":2,\"ids\":[\"bbb\",\"root\"]},\"v\":\"b\"}]}");

        TestClient.Reply doc = admin.get("/conflicted/d?conflicts=true&revs=true");
        TestClient.Reply changes = admin.get("/conflicted/_changes?style=all_docs");

        assertThatJson(doc.body()).isEqualTo("{\"_id\":\"d\",\"_rev\":\"2-bbb\",\"v\":\"b\","
                + "\"_revisions\":{\"start\":2,\"ids\":[\"bbb\",\"root\"]},\"_conflicts\":[\"2-aaa\"]}");
        assertThatJson(changes.body()).inPath("results[0].changes")
                .isEqualTo("[{\"rev\":\"2-bbb\"},{\"rev\":\"2-aaa\"}]");
    }

    @Test
    void should_update_a_conflicting_branch_when_its_revision_is_named() {
        admin.put("/branches", null);
        admin.post("/branches/_bulk_docs", "{\"new_edits\":false,\"docs\":["
                + "{\"_id\":\"d\",\"_rev\":\"1-aaa\",\"v\":\"a\"},{\"_id\":\"d\",\"_rev\":\"1-bbb\",\"v\":\"b\"}]}");

        TestClient.Reply resolved = admin.delete("/branches/d?rev=1-aaa");

        assertThat(resolved.status()).isEqualTo(200);
        assertThatJson(admin.get("/branches/d?conflicts=true").body()).isEqualTo("{\"_id\":\"d\",\"_rev\":\"1-bbb\",\"v\":\"b\"}");
    }

    @Test
    void should_let_only_admins_into_a_new_database_as_couchdb_3_does() throws Exception {
        admin.put("/private", null);
        TestClient anonymous = new TestClient(endpoint.uri(), null, null);
        TestClient wrong = new TestClient(endpoint.uri(), "admin", "wrong");

        TestClient.Reply anonymousRead = anonymous.get("/private");
        TestClient.Reply wrongPassword = wrong.get("/");
        TestClient.Reply anonymousCreate = anonymous.put("/other", null);

        assertThat(anonymousRead.status()).isEqualTo(401);
        assertThatJson(anonymousRead.body()).isEqualTo("{\"error\":\"unauthorized\","
                + "\"reason\":\"You are not authorized to access this db.\"}");
        assertThatJson(wrongPassword.body()).isEqualTo("{\"error\":\"unauthorized\","
                + "\"reason\":\"Name or password is incorrect.\"}");
        assertThatJson(anonymousCreate.body()).isEqualTo("{\"error\":\"unauthorized\","
                + "\"reason\":\"You are not a server admin.\"}");
    }

    @Test
    void should_forbid_a_user_who_is_not_a_member_and_admit_one_who_is() {
        admin.put("/_users/org.couchdb.user:alice",
                "{\"name\":\"alice\",\"password\":\"secret\",\"roles\":[\"readers\"],\"type\":\"user\"}");
        admin.put("/members", null);
        TestClient alice = new TestClient(endpoint.uri(), "alice", "secret");

        TestClient.Reply before = alice.get("/members");
        admin.put("/members/_security", "{\"members\":{\"roles\":[\"readers\"]}}");
        TestClient.Reply after = alice.get("/members");

        assertThat(before.status()).isEqualTo(403);
        assertThatJson(before.body()).isEqualTo("{\"error\":\"forbidden\",\"reason\":\"You are not allowed to access this db.\"}");
        assertThat(after.status()).isEqualTo(200);
        assertThat(admin.get("/_users/org.couchdb.user:alice").body().has("password")).isFalse();
    }

    @Test
    void should_open_a_cookie_session_that_later_requests_act_as() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI base = endpoint.uri();
        HttpResponse<String> login = http.send(HttpRequest.newBuilder(base.resolve("/_session"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"admin\",\"password\":\"admin\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        String cookie = login.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];

        HttpResponse<String> session = http.send(HttpRequest.newBuilder(base.resolve("/_session"))
                .header("Cookie", cookie).GET().build(), HttpResponse.BodyHandlers.ofString());

        assertThat(login.statusCode()).isEqualTo(200);
        assertThatJson(session.body()).inPath("userCtx").isEqualTo("{\"name\":\"admin\",\"roles\":[\"_admin\"]}");
    }

    @Test
    void should_echo_the_requests_id_when_couchdb_would_and_make_one_up_otherwise() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String longest = "a".repeat(30) + "_-09AZ";

        String echoed = requestIdOfTheReplyTo(http, "couchtck-1a-x_Y9");
        String longestEchoed = requestIdOfTheReplyTo(http, longest);
        String tooLong = requestIdOfTheReplyTo(http, longest + "b");
        String invalid = requestIdOfTheReplyTo(http, "couchtck.1");
        String none = requestIdOfTheReplyTo(http, null);

        assertThat(echoed).isEqualTo("couchtck-1a-x_Y9");
        assertThat(longestEchoed).isEqualTo(longest);
        assertThat(List.of(tooLong, invalid, none)).allSatisfy(id -> assertThat(id).matches("[0-9a-f]{10}"));
    }

    /** The X-Couch-Request-ID of the reply to GET / sent with {@code id} as its own (none when null). */
    private static String requestIdOfTheReplyTo(HttpClient http, String id) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.uri().resolve("/")).GET();
        if (id != null) {
            request.header("X-Couch-Request-ID", id);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString()).headers()
                .firstValue("X-Couch-Request-ID").orElseThrow();
    }

    @Test
    void should_answer_405_with_an_allow_header() {
        TestClient.Reply reply = admin.send("POST", "/_all_dbs", "{}");

        assertThat(reply.status()).isEqualTo(405);
        assertThat(reply.header("Allow")).isEqualTo("GET,HEAD");
        assertThatJson(reply.body()).isEqualTo("{\"error\":\"method_not_allowed\",\"reason\":\"Only GET,HEAD allowed\"}");
    }

    @Test
    void should_list_all_docs_in_id_order_with_docs_and_missing_keys() {
        admin.put("/listing", null);
        admin.post("/listing/_bulk_docs", "{\"docs\":[{\"_id\":\"b\",\"n\":2},{\"_id\":\"a\",\"n\":1},{\"_id\":\"c\"}]}");

        TestClient.Reply all = admin.get("/listing/_all_docs?include_docs=true&startkey=%22b%22");
        TestClient.Reply keys = admin.post("/listing/_all_docs", "{\"keys\":[\"c\",\"zz\"]}");

        assertThatJson(all.body()).isEqualTo("{\"total_rows\":3,\"offset\":1,\"rows\":["
                + "{\"id\":\"b\",\"key\":\"b\",\"value\":{\"rev\":\"${json-unit.any-string}\"},"
                + "\"doc\":{\"_id\":\"b\",\"_rev\":\"${json-unit.any-string}\",\"n\":2}},"
                + "{\"id\":\"c\",\"key\":\"c\",\"value\":{\"rev\":\"1-967a00dff5e02add41819138abb3284d\"},"
                + "\"doc\":{\"_id\":\"c\",\"_rev\":\"1-967a00dff5e02add41819138abb3284d\"}}]}");
        assertThatJson(keys.body()).inPath("rows[1]").isEqualTo("{\"key\":\"zz\",\"error\":\"not_found\"}");
    }
}
