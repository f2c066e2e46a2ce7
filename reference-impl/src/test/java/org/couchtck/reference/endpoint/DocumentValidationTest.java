package org.couchtck.reference.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** validate_doc_update runs on every write path, and refuses as CouchDB 3.5.2 does (ddoc.validate's recording). */
class DocumentValidationTest {

    private static final String VDU = "{\"validate_doc_update\":\"function(n, o, u, s) {"
            + " if (n.forbid) throw({forbidden: 'no ' + n._id});"
            + " if (n.unauth) throw({unauthorized: 'not you'});"
            + " if (n.plain) throw 'just a string';"
            + " if (o && o.locked) throw({forbidden: JSON.stringify({deleted: !!n._deleted, old: o._rev})});"
            + " if (n._attachments && !n.pass) throw({forbidden: 'attachments of ' + n._id + ' by ' + u.name});"
            + " }\"}";

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
    void should_answer_403_401_and_500_for_what_the_function_throws_on_a_put() {
        // given
        admin.put("/put", null);
        admin.put("/put/_design/v", VDU);

        // when
        TestClient.Reply forbidden = admin.put("/put/f", "{\"forbid\":true}");
        TestClient.Reply unauthorized = admin.put("/put/u", "{\"unauth\":true}");
        TestClient.Reply string = admin.put("/put/s", "{\"plain\":true}");
        TestClient.Reply fine = admin.put("/put/ok", "{\"v\":1}");

        // then
        assertThat(forbidden.status()).isEqualTo(403);
        assertThatJson(forbidden.body()).isEqualTo("{\"error\":\"forbidden\",\"reason\":\"no f\"}");
        assertThat(unauthorized.status()).isEqualTo(401);
        assertThatJson(unauthorized.body()).isEqualTo("{\"error\":\"unauthorized\",\"reason\":\"not you\"}");
        assertThat(string.status()).isEqualTo(500);
        assertThatJson(string.body()).isEqualTo("{\"error\":\"unknown_error\",\"reason\":\"just a string\"}");
        assertThat(fine.status()).isEqualTo(201);
    }

    @Test
    void should_refuse_each_document_of_a_bulk_request_on_its_own_new_edits_false_included() {
        // given
        admin.put("/bulk", null);
        admin.put("/bulk/_design/v", VDU);

        // when
        TestClient.Reply bulk = admin.post("/bulk/_bulk_docs",
                "{\"docs\":[{\"_id\":\"b1\"},{\"_id\":\"b2\",\"forbid\":true},{\"_id\":\"b3\",\"unauth\":true}]}");
        TestClient.Reply replicated = admin.post("/bulk/_bulk_docs",
                "{\"new_edits\":false,\"docs\":[{\"_id\":\"ne\",\"_rev\":\"1-abc\",\"forbid\":true}]}");

        // then
        assertThat(bulk.status()).isEqualTo(201);
        assertThatJson(bulk.body()).isEqualTo("[{\"ok\":true,\"id\":\"b1\",\"rev\":\"${json-unit.any-string}\"},"
                + "{\"id\":\"b2\",\"error\":\"forbidden\",\"reason\":\"no b2\"},"
                + "{\"id\":\"b3\",\"error\":\"unauthorized\",\"reason\":\"not you\"}]");
        assertThatJson(replicated.body())
                .isEqualTo("[{\"id\":\"ne\",\"rev\":\"1-abc\",\"error\":\"forbidden\",\"reason\":\"no ne\"}]");
        assertThat(admin.get("/bulk/ne").status()).isEqualTo(404);
    }

    @Test
    void should_validate_deletes_with_the_old_document_and_attachment_uploads_as_the_user() {
        // given
        admin.put("/paths", null);
        admin.put("/paths/_design/v", VDU);
        String rev = admin.put("/paths/lock", "{\"pass\":true}").body().get("rev").asText();
        String locked = admin.put("/paths/lock", "{\"_rev\":\"" + rev + "\",\"locked\":true}").body().get("rev")
                .asText();

        // when
        TestClient.Reply delete = admin.delete("/paths/lock?rev=" + locked);
        TestClient.Reply attachment = admin.put("/paths/att/a.txt", "\"hi\"");

        // then
        assertThat(delete.status()).isEqualTo(403);
        assertThatJson(delete.body().get("reason").asText()).isEqualTo("{\"deleted\":true,\"old\":\"" + locked + "\"}");
        assertThat(attachment.status()).isEqualTo(403);
        assertThatJson(attachment.body()).isEqualTo("{\"error\":\"forbidden\",\"reason\":\"attachments of att by admin\"}");
    }

    @Test
    void should_not_validate_design_or_local_documents() {
        // given
        admin.put("/skip", null);
        admin.put("/skip/_design/v", VDU);

        // when
        TestClient.Reply design = admin.put("/skip/_design/other", "{\"forbid\":true}");
        TestClient.Reply local = admin.put("/skip/_local/l", "{\"forbid\":true}");

        // then
        assertThat(design.status()).isEqualTo(201);
        assertThat(local.status()).isEqualTo(201);
    }
}
