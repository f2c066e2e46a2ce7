package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.log.CouchLog;
import org.couchtck.reference.store.ClusterLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The reference endpoint simulating a three-node cluster: what a client of CouchDB's cluster sees of it. */
class SimulatedClusterTest {

    private static final CouchLog QUIET = (level, message) -> { };

    private ReferenceEndpoint endpoint;

    private TestClient cluster(ClusterLayout layout) {
        endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults().withLog(QUIET).withCluster(layout));
        return TestClient.admin(endpoint);
    }

    @AfterEach
    void stop() {
        if (endpoint != null) {
            endpoint.close();
        }
    }

    /** The rows of {@code _all_docs}, read as many times as there are copies: one answer of each copy. */
    private static List<Integer> totalRowsOfEachCopy(TestClient client) {
        List<Integer> totals = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            totals.add(client.get("/db/_all_docs").body().get("total_rows").asInt());
        }
        return totals;
    }

    @Test
    void itSaysWhatItIsInItsMembershipAndItsDatabasesInfo() {
        TestClient client = cluster(ClusterLayout.of(3, 3, 100));
        client.put("/db", null);

        assertThat(client.get("/_membership").body().get("cluster_nodes")).hasSize(3);
        assertThat(client.get("/db").body().get("cluster").toString()).isEqualTo("{\"q\":2,\"n\":3,\"w\":2,\"r\":2}");
        assertThat(client.get("/_node/_local/_config/couchdb/single_node").body().asText()).isEqualTo("false");
    }

    @Test
    void aReadOfOneCopyMayMissAWriteUntilTheLaggingCopyCatchesUpOrARepairBringsIt() {
        // given: the lagging copy gets writes only after a minute
        TestClient client = cluster(new ClusterLayout(3, 3, 2, 1, 60_000, false));
        client.put("/db", null);
        client.put("/db/a", "{}");

        // when, then: the copies in turn (the lagging one, the database, the copy of the quorum)
        assertThat(totalRowsOfEachCopy(client)).containsExactly(0, 1, 1);
        assertThat(client.get("/db/a").status()).isEqualTo(200);
        assertThat(client.get("/db/a?r=3").status()).isEqualTo(200);
        assertThat(totalRowsOfEachCopy(client)).containsExactly(1, 1, 1);
    }

    @Test
    void writesThatFewerThanWCopiesTakeAtOnceAreAccepted() {
        // given: w = 3 of 3, one copy lagging
        TestClient client = cluster(new ClusterLayout(3, 3, 3, 1, 60_000, false));

        // when, then
        assertThat(client.put("/db", null).status()).isEqualTo(202);
        assertThat(client.put("/db/a", "{}").status()).isEqualTo(202);
        TestClient.Reply bulk = client.post("/db/_bulk_docs", "{\"docs\":[{\"_id\":\"b\"}]}");
        assertThat(bulk.status()).isEqualTo(202);
        assertThat(bulk.body().get(0).get("accepted").asBoolean()).isTrue();
        assertThat(client.get("/db/a").status()).isEqualTo(200);
    }

    @Test
    void aConflictingWriteALaggingCopyTakesIsAcceptedAndThenAConflict() {
        // given: every write the up-to-date copies refuse lands on the copy that lags
        TestClient client = cluster(ClusterLayout.of(3, 3, 60_000).withConflictingWrites());
        client.put("/db", null);
        String first = client.put("/db/a", "{\"v\":1}").body().get("rev").asText();
        client.put("/db/a", "{\"_rev\":\"" + first + "\",\"v\":2}");

        // when: the first revision is written again, and a document of that id with no revision
        TestClient.Reply stale = client.put("/db/a", "{\"_rev\":\"" + first + "\",\"v\":3}");
        TestClient.Reply bulk = client.post("/db/_bulk_docs", "{\"docs\":[{\"_id\":\"a\",\"v\":4}]}");

        // then: both accepted, and both branches of the document's tree
        assertThat(stale.status()).isEqualTo(202);
        assertThat(bulk.status()).isEqualTo(202);
        assertThat(bulk.body().get(0).get("accepted").asBoolean()).isTrue();
        JsonNode doc = client.get("/db/a?conflicts=true&r=3").body();
        List<String> leaves = new ArrayList<>(List.of(doc.get("_rev").asText()));
        doc.get("_conflicts").forEach(rev -> leaves.add(rev.asText()));
        assertThat(leaves).hasSize(3).contains(stale.body().get("rev").asText(),
                bulk.body().get(0).get("rev").asText());
    }

    @Test
    void withoutConflictingWritesAStaleRevisionIsAConflictOnACluster() {
        TestClient client = cluster(ClusterLayout.of(3, 3, 60_000));
        client.put("/db", null);
        String first = client.put("/db/a", "{\"v\":1}").body().get("rev").asText();
        client.put("/db/a", "{\"_rev\":\"" + first + "\",\"v\":2}");

        assertThat(client.put("/db/a", "{\"_rev\":\"" + first + "\",\"v\":3}").status()).isEqualTo(409);
    }

    @Test
    void oneNodeIsCouchDbsSingleNode() {
        TestClient client = cluster(ClusterLayout.SINGLE_NODE);
        client.put("/db", null);

        assertThat(client.get("/_membership").body().get("cluster_nodes").toString())
                .isEqualTo("[\"couchdb@127.0.0.1\"]");
        assertThat(client.get("/db").body().get("cluster").toString()).isEqualTo("{\"q\":2,\"n\":1,\"w\":1,\"r\":1}");
        assertThat(client.put("/db/a", "{}").status()).isEqualTo(201);
    }
}
