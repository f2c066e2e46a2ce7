package org.couchtck.kit.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClusterWritesTest {

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource({
            "PUT, /db, true",
            "DELETE, /db, true",
            "POST, /db, true",
            "PUT, /db/doc, true",
            "DELETE, /db/doc?rev=1-a, true",
            "COPY, /db/doc, true",
            "PUT, /db/doc/att.txt?rev=1-a, true",
            "PUT, /db/_design/d, true",
            "PUT, /db/_design/d/att.txt, true",
            "PUT, /db/_local/l, true",
            "POST, /db/_bulk_docs, true",
            "POST, /db/_purge, true",
            "POST, /db/_design/d/_update/u, false",
            "PUT, /db/_design/d/_update/u/doc, false",
            "POST, /db/_changes, false",
            "POST, /db/_all_docs, false",
            "PUT, /db/_security, false",
            "PUT, /_users, false",
            "GET, /db/doc, false"})
    void writesCouchDbMayAnswerWith202AreTold(String method, String path, boolean accepted) {
        assertThat(ClusterWrites.mayBeAccepted(method, path)).isEqualTo(accepted);
    }

    @Test
    void theAcceptedMarkOfBulkRowsIsTakenOffAndNothingElse() {
        String rows = "[{\"ok\":true,\"id\":\"a\",\"rev\":\"1-x\",\"accepted\":true},"
                + "{\"id\":\"b\",\"error\":\"conflict\",\"reason\":\"Document update conflict.\"}]";

        assertThatJson(ClusterWrites.withoutAcceptedMarks(rows)).isEqualTo("[{\"ok\":true,\"id\":\"a\",\"rev\":\"1-x\"},"
                + "{\"id\":\"b\",\"error\":\"conflict\",\"reason\":\"Document update conflict.\"}]");
        assertThat(ClusterWrites.withoutAcceptedMarks("{\"ok\":true}")).isEqualTo("{\"ok\":true}");
        assertThat(ClusterWrites.withoutAcceptedMarks("not json")).isEqualTo("not json");
    }
}
