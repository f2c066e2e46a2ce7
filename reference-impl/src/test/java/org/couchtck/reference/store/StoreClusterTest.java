package org.couchtck.reference.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.reference.time.VirtualScheduler;
import org.junit.jupiter.api.Test;

/** The store as a simulated three-node cluster: copies that get writes at once, one that lags, reads by turn. */
class StoreClusterTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final Store store = new Store(() -> 0L, ClusterLayout.of(3, 3, 100), scheduler);
    private final Database db = store.create("db", 2).orElseThrow();

    private Revision put(String id) {
        Optional<DocumentState> old = db.get(id);
        WriteResult result = db.write(List.of(new DocumentWrite(id, old.map(s -> s.winner().rev()).orElse(null),
                false, JSON.createObjectNode().put("id", id), List.of()))).get(0);
        return ((WriteResult.Written) result).rev();
    }

    /** What each copy in turn has: its update sequence, one read of each copy (the lagging one first). */
    private List<Long> seqsOfEachCopy() {
        List<Long> seqs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            seqs.add(store.readCopy(db).updateSeq());
        }
        return seqs;
    }

    @Test
    void aWriteReachesTheCopiesOfTheQuorumAtOnceAndTheLaggingOneALagLater() {
        // given
        put("a");
        put("b");

        // when, then: the lagging copy, the database itself, the copy of the quorum
        assertThat(seqsOfEachCopy()).containsExactly(0L, 2L, 2L);
        scheduler.advance(100);
        assertThat(seqsOfEachCopy()).containsExactly(2L, 2L, 2L);
    }

    @Test
    void aCopyHasTheSameRevisionsAndSequencesAndItsOwnIndexesButTheSameUuid() {
        // given
        Revision first = put("a");
        Revision second = put("a");
        put("b");
        scheduler.advance(100);

        // when
        Database copy = store.readCopy(db);

        // then
        assertThat(copy).isNotSameAs(db);
        assertThat(copy.get("a").orElseThrow().winner().rev()).isEqualTo(second).isNotEqualTo(first);
        assertThat(copy.get("a").orElseThrow().seq()).isEqualTo(db.get("a").orElseThrow().seq()).isEqualTo(2);
        assertThat(copy.changes(0, false, 10).rows()).extracting(DocumentState::id).containsExactly("a", "b");
        assertThat(copy.uuid()).isEqualTo(db.uuid());
        assertThat(copy.indexKey()).isNotEqualTo(db.indexKey());
    }

    @Test
    void aRepairBringsTheLaggingCopyUpAtOnce() {
        // given
        put("a");

        // when
        store.repair(db);

        // then
        assertThat(seqsOfEachCopy()).containsExactly(1L, 1L, 1L);
        scheduler.advance(100);
        assertThat(seqsOfEachCopy()).containsExactly(1L, 1L, 1L);
    }

    @Test
    void theCopiesShareTheSecurityObjectAndTheLocalDocuments() {
        // given
        db.setSecurity(JSON.createObjectNode().set("members", JSON.createObjectNode()));
        db.writeLocal("_local/l", null, false, JSON.createObjectNode().put("v", 1));

        // when
        Database copy = store.readCopy(db);

        // then
        assertThat(copy.security()).isEqualTo(db.security());
        assertThat(copy.getLocal("_local/l")).isPresent();
    }

    @Test
    void aDeletedDatabaseTakesItsCopiesAlong() {
        // given
        put("a");
        Database copy = store.readCopy(db);

        // when
        store.delete("db");

        // then
        assertThat(copy.isDeleted()).isTrue();
        scheduler.advance(100);
        assertThat(store.readCopy(db)).isSameAs(db);
    }

    @Test
    void oneNodeReadsTheDatabaseItself() {
        Store single = new Store(() -> 0L);
        Database only = single.create("db").orElseThrow();

        assertThat(single.readCopy(only)).isSameAs(only);
        assertThat(single.layout().isCluster()).isFalse();
    }

    @Test
    void aLayoutSaysWhenWritesAreOnlyAcceptedAndRefusesImpossibleOnes() {
        assertThat(ClusterLayout.of(3, 3, 0).acceptsOnly()).isFalse();
        assertThat(ClusterLayout.of(3, 3, 0).w()).isEqualTo(2);
        assertThat(new ClusterLayout(3, 3, 3, 1, 0, false).acceptsOnly()).isTrue();
        assertThat(ClusterLayout.of(3, 3, 0).nodeNames()).containsExactly("node1@127.0.0.1", "node2@127.0.0.1",
                "node3@127.0.0.1");
        assertThatThrownBy(() -> new ClusterLayout(2, 3, 2, 1, 0, false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most one copy per node");
        assertThatThrownBy(() -> new ClusterLayout(3, 3, 2, 3, 0, false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most n - 1");
        assertThatThrownBy(() -> new Store(() -> 0L, ClusterLayout.of(3, 3, 10), null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
