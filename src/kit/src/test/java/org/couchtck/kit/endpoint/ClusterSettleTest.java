package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClusterSettleTest {

    private static HttpCall call(String method, String path, String body) {
        return new HttpCall(method, path, List.of(), Optional.ofNullable(body), Duration.ofSeconds(1));
    }

    private static HttpReply reply(int status, String body) {
        return new HttpReply(status, HttpHeaders.of(Map.of(), (a, b) -> true), body, Optional.empty());
    }

    @Test
    void aWriteDependsOnTheDesignDocumentsWrittenBeforeAndOnTheDocumentItNames() {
        // given
        ClusterSettle settle = new ClusterSettle();
        settle.written(call("PUT", "/db/_design/v", "{}"), reply(201, "{\"ok\":true,\"id\":\"_design/v\"}"));
        settle.written(call("PUT", "/db/lock", "{}"), reply(201, "{\"ok\":true,\"id\":\"lock\"}"));
        settle.written(call("PUT", "/db/other", "{}"), reply(201, "{\"ok\":true,\"id\":\"other\"}"));

        // when
        List<String> due = settle.before(call("PUT", "/db/lock", "{\"_rev\":\"1-a\"}"));

        // then: each once, and the one the write does not name stays for a write that does
        assertThat(due).containsExactly("/db/_design/v", "/db/lock");
        assertThat(settle.before(call("PUT", "/db/lock", "{}"))).isEmpty();
        assertThat(settle.before(call("DELETE", "/db/other?rev=1-b", null))).containsExactly("/db/other");
    }

    @Test
    void theDocumentsOfABulkWriteAreThoseItsRowsSaySavedAndThoseItsBodyNames() {
        // given
        ClusterSettle settle = new ClusterSettle();
        settle.written(call("POST", "/db/_bulk_docs", "{\"docs\":[{\"_id\":\"a\"},{\"_id\":\"b c\"}]}"), reply(201,
                "[{\"ok\":true,\"id\":\"a\",\"rev\":\"1-x\"},{\"ok\":true,\"id\":\"b c\",\"rev\":\"1-y\"},"
                        + "{\"id\":\"d\",\"error\":\"conflict\"}]"));
        settle.written(call("POST", "/db", "{\"v\":1}"), reply(201, "{\"ok\":true,\"id\":\"gen1\",\"rev\":\"1-z\"}"));

        // when
        List<String> due = settle.before(call("POST", "/db/_bulk_docs", "{\"docs\":[{\"_id\":\"b c\"},{\"_id\":\"d\"},"
                + "{\"_id\":\"gen1\"}]}"));

        // then
        assertThat(due).containsExactly("/db/b%20c", "/db/gen1");
    }

    @Test
    void refusedWritesReadsAndLocalDocumentsLeaveNothingToSettle() {
        // given
        ClusterSettle settle = new ClusterSettle();
        settle.written(call("PUT", "/db/_design/v", "{}"), reply(409, "{\"error\":\"conflict\"}"));
        settle.written(call("GET", "/db/a", null), reply(200, "{\"_id\":\"a\"}"));
        settle.written(call("PUT", "/db/_local/l", "{}"), reply(201, "{\"ok\":true,\"id\":\"_local/l\"}"));

        // when, then
        assertThat(settle.before(call("PUT", "/db/a", "{}"))).isEmpty();
        assertThat(settle.before(call("PUT", "/db/_local/l", "{}"))).isEmpty();
    }

    @Test
    void anAttachmentIsItsDocumentsAndAReadDependsOnNothing() {
        // given
        ClusterSettle settle = new ClusterSettle();
        settle.written(call("PUT", "/db/doc/file.txt", "x"), reply(201, "{\"ok\":true,\"id\":\"doc\"}"));

        // when, then
        assertThat(settle.before(call("GET", "/db/doc", null))).isEmpty();
        assertThat(settle.before(call("PUT", "/db/doc/file.txt?rev=1-a", "y"))).containsExactly("/db/doc");
    }
}
