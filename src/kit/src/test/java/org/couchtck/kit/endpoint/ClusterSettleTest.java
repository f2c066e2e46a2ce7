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

    @Test
    void aReadOfWhatTheCopiesShareEventuallyDependsOnTheDocumentsWrittenOneAtATimeInItsDatabase() {
        // given
        ClusterSettle settle = new ClusterSettle();
        settle.written(call("PUT", "/db/_design/v", "{}"), reply(201, "{\"ok\":true,\"id\":\"_design/v\"}"));
        settle.written(call("PUT", "/db/a", "{}"), reply(201, "{\"ok\":true,\"id\":\"a\"}"));
        settle.written(call("POST", "/db/_bulk_docs", "{\"docs\":[{\"_id\":\"b\"}]}"),
                reply(201, "[{\"ok\":true,\"id\":\"b\",\"rev\":\"1-x\"}]"));
        settle.written(call("PUT", "/other/c", "{}"), reply(201, "{\"ok\":true,\"id\":\"c\"}"));

        // when
        List<String> due = settle.beforeRead(call("GET", "/db/_changes?since=now", null));

        // then: the bulk document is left to the reads sent again, the other database's to its own reads
        assertThat(due).containsExactly("/db/_design/v", "/db/a");
        assertThat(settle.beforeRead(call("GET", "/db/_all_docs", null))).isEmpty();
        assertThat(settle.before(call("PUT", "/db/b", "{}"))).containsExactly("/db/b");
        assertThat(settle.beforeRead(call("GET", "/other/_all_docs", null))).containsExactly("/other/c");
    }

    @Test
    void aDocumentReadDependsOnThatDocumentAndReplicatedWritesAreThoseOfTheRequest() {
        // given: a new_edits=false _bulk_docs, which answers no rows
        ClusterSettle settle = new ClusterSettle();
        settle.written(call("POST", "/db/_bulk_docs", "{\"new_edits\":false,\"docs\":[{\"_id\":\"d\","
                + "\"_rev\":\"2-a\"}]}"), reply(201, "[]"));
        settle.written(call("PUT", "/db/e", "{}"), reply(201, "{\"ok\":true,\"id\":\"e\"}"));

        // when, then
        assertThat(settle.beforeRead(call("GET", "/db/d?conflicts=true", null))).containsExactly("/db/d");
        assertThat(settle.beforeRead(call("GET", "/db/d", null))).isEmpty();
        assertThat(settle.beforeRead(call("GET", "/db/_design/v/_show/s/e", null))).isEmpty();
        assertThat(settle.beforeRead(call("GET", "/db/e", null))).containsExactly("/db/e");
    }

    @Test
    void aFeedDependsOnEveryDocumentWrittenInItsDatabaseThoseOfBulkWritesToo() {
        // given
        ClusterSettle settle = new ClusterSettle();
        settle.written(call("PUT", "/db/a", "{}"), reply(201, "{\"ok\":true,\"id\":\"a\"}"));
        settle.written(call("POST", "/db/_bulk_docs", "{\"docs\":[{\"_id\":\"b\"}]}"),
                reply(201, "[{\"ok\":true,\"id\":\"b\",\"rev\":\"1-x\"}]"));
        settle.written(call("PUT", "/other/c", "{}"), reply(201, "{\"ok\":true,\"id\":\"c\"}"));

        // when
        List<String> due = settle.beforeFeed(call("GET", "/db/_changes?feed=longpoll&since=0", null));

        // then
        assertThat(due).containsExactly("/db/a", "/db/b");
        assertThat(settle.beforeFeed(call("GET", "/db/_changes?feed=continuous", null))).isEmpty();
        assertThat(settle.beforeFeed(call("GET", "/_db_updates?feed=longpoll", null))).isEmpty();
    }
}
