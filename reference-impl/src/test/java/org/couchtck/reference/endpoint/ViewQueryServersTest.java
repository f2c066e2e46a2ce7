package org.couchtck.reference.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.couchtck.reference.queryserver.QueryServerMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Views of a design document in another language run on the query server {@code COUCHDB_QUERY_SERVER_<LANG>}
 * names, started as a child process as CouchDB starts one: here the reference query server itself, registered as
 * language {@code other}, and a server that dies mid-index as language {@code broken}.
 */
class ViewQueryServersTest {

    private static ReferenceEndpoint endpoint;
    private static TestClient admin;

    @BeforeAll
    static void start() {
        String java = ProcessHandle.current().info().command().orElse("java");
        String classpath = System.getProperty("java.class.path");
        endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults().withQueryServers(Map.of(
                "COUCHDB_QUERY_SERVER_OTHER", quoted(java) + " -cp " + quoted(classpath) + " "
                        + QueryServerMain.class.getName(),
                "COUCHDB_QUERY_SERVER_BROKEN", quoted(java) + " -cp " + quoted(classpath) + " "
                        + ExitingQueryServer.class.getName())));
        admin = TestClient.admin(endpoint);
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    @AfterAll
    static void stop() {
        endpoint.close();
    }

    @Test
    void should_map_and_reduce_on_the_query_server_the_environment_names_for_the_language() {
        // given
        admin.put("/other", null);
        admin.put("/other/_design/d", "{\"language\":\"other\",\"views\":{\"v\":{\"map\":"
                + "\"function(doc) { emit(doc.k, doc.n); }\",\"reduce\":\"function(k, v, re) { return sum(v); }\"}}}");
        admin.post("/other/_bulk_docs", "{\"docs\":[{\"_id\":\"a\",\"k\":\"x\",\"n\":1},"
                + "{\"_id\":\"b\",\"k\":\"y\",\"n\":2},{\"_id\":\"c\",\"k\":\"x\",\"n\":4}]}");

        // when
        TestClient.Reply map = admin.get("/other/_design/d/_view/v?reduce=false");
        TestClient.Reply grouped = admin.get("/other/_design/d/_view/v?group=true");
        TestClient.Reply again = admin.get("/other/_design/d/_view/v");

        // then
        assertThat(map.status()).as(map.raw().body()).isEqualTo(200);
        assertThatJson(map.body()).isEqualTo("{\"total_rows\":3,\"offset\":0,\"rows\":["
                + "{\"id\":\"a\",\"key\":\"x\",\"value\":1},{\"id\":\"c\",\"key\":\"x\",\"value\":4},"
                + "{\"id\":\"b\",\"key\":\"y\",\"value\":2}]}");
        assertThatJson(grouped.body()).isEqualTo("{\"rows\":[{\"key\":\"x\",\"value\":5},{\"key\":\"y\",\"value\":2}]}");
        assertThatJson(again.body()).isEqualTo("{\"rows\":[{\"key\":null,\"value\":7}]}");
    }

    @Test
    void should_answer_unknown_query_language_for_a_language_nobody_serves() {
        // given
        admin.put("/cobol", null);
        TestClient.Reply saved = admin.put("/cobol/_design/d", "{\"language\":\"cobol\",\"views\":{\"v\":{\"map\":"
                + "\"PROCEDURE DIVISION.\"}}}");

        // when
        TestClient.Reply query = admin.get("/cobol/_design/d/_view/v");

        // then
        assertThat(saved.status()).as("CouchDB saves design docs of unknown languages").isEqualTo(201);
        assertThat(query.status()).isEqualTo(500);
        assertThatJson(query.body()).isEqualTo("{\"error\":\"unknown_query_language\",\"reason\":\"cobol\"}");
    }

    @Test
    void should_fail_the_query_and_recover_when_the_query_server_dies_while_indexing() {
        // given
        admin.put("/broken", null);
        admin.put("/broken/_design/d", "{\"language\":\"broken\",\"views\":{\"v\":{\"map\":\"anything\"}}}");
        admin.put("/broken/a", "{}");

        // when
        TestClient.Reply first = admin.get("/broken/_design/d/_view/v");
        TestClient.Reply second = admin.get("/broken/_design/d/_view/v");

        // then
        assertThat(first.status()).isEqualTo(500);
        assertThatJson(first.body()).inPath("error").isEqualTo("os_process_error");
        assertThat(second.status()).as("a new process is started for the next query").isEqualTo(500);
        assertThat(admin.get("/broken").status()).as("the endpoint goes on").isEqualTo(200);
    }
}
