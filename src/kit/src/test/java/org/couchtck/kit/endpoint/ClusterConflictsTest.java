package org.couchtck.kit.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.Test;

class ClusterConflictsTest {

    private static final String TAKEN = "{\"ok\":true,\"id\":\"a b\",\"rev\":\"2-x\"}";

    @Test
    void aDocumentWriteThatWasTakenNamesItsDocumentAndRevision() {
        assertThat(ClusterConflicts.single("PUT", "/db/a%20b?batch=ok", TAKEN)).contains(
                new ClusterConflicts.Taken("/db/a%20b", "a b", "2-x"));
        assertThat(ClusterConflicts.single("POST", "/db", TAKEN).orElseThrow().conflictsRead())
                .isEqualTo("/db/a%20b?conflicts=true&deleted_conflicts=true");
        assertThat(ClusterConflicts.single("PUT", "/db/_design/v", "{\"ok\":true,\"id\":\"_design/v\",\"rev\":\"1-a\"}")
                .orElseThrow().documentPath()).isEqualTo("/db/_design/v");
        assertThat(ClusterConflicts.single("DELETE", "/db/a%20b/att.txt", TAKEN)).isPresent();
    }

    @Test
    void whatIsNoDocumentWriteOrWasNotTakenIsNone() {
        assertThat(ClusterConflicts.single("PUT", "/db/_local/x", TAKEN)).isEmpty();
        assertThat(ClusterConflicts.single("POST", "/db/_bulk_docs", TAKEN)).isEmpty();
        assertThat(ClusterConflicts.single("PUT", "/_users/x", TAKEN)).isEmpty();
        assertThat(ClusterConflicts.single("PUT", "/db/a", "{\"error\":\"conflict\"}")).isEmpty();
        assertThat(ClusterConflicts.single("PUT", "/db/a", "not json")).isEmpty();
    }

    @Test
    void onlyAcceptedBulkRowsAreTaken() {
        String rows = "[{\"ok\":true,\"id\":\"a\",\"rev\":\"1-a\",\"accepted\":true},{\"ok\":true,\"id\":\"b\","
                + "\"rev\":\"1-b\"},{\"id\":\"c\",\"error\":\"conflict\"}]";

        assertThat(ClusterConflicts.acceptedRows("/db/_bulk_docs", rows)).containsExactly(
                new ClusterConflicts.Taken("/db/a", "a", "1-a"));
        assertThat(ClusterConflicts.acceptedRows("/db/_all_docs", rows)).isEmpty();
    }

    @Test
    void aRevisionIsAConflictWhenItIsALeafBesideAnother() throws Exception {
        assertThat(ClusterConflicts.showsConflict(WireJson.parse("{\"_rev\":\"2-x\",\"_conflicts\":[\"2-y\"]}"),
                "2-x")).isTrue();
        assertThat(ClusterConflicts.showsConflict(WireJson.parse("{\"_rev\":\"2-y\",\"_conflicts\":[\"2-x\"]}"),
                "2-x")).isTrue();
        assertThat(ClusterConflicts.showsConflict(WireJson.parse("{\"_rev\":\"2-y\",\"_deleted_conflicts\":"
                + "[\"2-x\"]}"), "2-x")).isTrue();
        assertThat(ClusterConflicts.showsConflict(WireJson.parse("{\"_rev\":\"2-x\"}"), "2-x")).isFalse();
        assertThat(ClusterConflicts.showsConflict(WireJson.parse("{\"_rev\":\"3-z\",\"_conflicts\":[\"2-y\"]}"),
                "2-x")).isFalse();
    }

    @Test
    void conflictRowsReadAsTheRefusalOfOneNode() {
        String rows = "[{\"ok\":true,\"id\":\"a\",\"rev\":\"1-a\",\"accepted\":true},{\"ok\":true,\"id\":\"b\","
                + "\"rev\":\"1-b\",\"accepted\":true}]";

        String judged = ClusterConflicts.withConflictRows(rows, List.of(new ClusterConflicts.Taken("/db/a", "a",
                "1-a")));

        assertThatJson(judged).isEqualTo("[{\"id\":\"a\",\"error\":\"conflict\",\"reason\":\"Document update "
                + "conflict.\"},{\"ok\":true,\"id\":\"b\",\"rev\":\"1-b\"}]");
    }
}
