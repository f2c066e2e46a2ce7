package org.couchtck.kit.endpoint.generated;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class DocHistoryTest {

    @Test
    void should_pick_the_live_leaf_as_winner_when_a_longer_branch_is_deleted() {
        // given
        DocHistory doc = new DocHistory("d");
        doc.written(null, "1-aaa", false, 0, 0);
        doc.written("1-aaa", "2-bbb", false, 0, 1);
        doc.written(null, "2-0000", false, 0, 2);

        // when
        doc.written("2-bbb", "3-ccc", true, 0, 3);

        // then
        assertThat(doc.winner().orElseThrow().getKey()).isEqualTo("2-0000");
        assertThat(doc.deleted()).isFalse();
        assertThat(doc.last().orElseThrow().leaves()).containsExactlyInAnyOrder("2-0000", "3-ccc");
    }

    @Test
    void should_pick_the_higher_position_then_the_higher_hash_when_leaves_are_alike() {
        // given
        DocHistory doc = new DocHistory("d");
        doc.written(null, "1-aaa", false, 0, 0);
        doc.written("1-aaa", "2-bbb", false, 0, 1);

        // when
        doc.written(null, "2-fff", false, 0, 2);

        // then
        assertThat(doc.winner().orElseThrow().getKey()).isEqualTo("2-fff");
        assertThat(doc.versions()).extracting(DocHistory.Version::winner).containsExactly("1-aaa", "2-bbb", "2-fff");
        assertThat(doc.versionOf(Set.of("2-bbb", "2-fff"))).isEqualTo(2);
        assertThat(doc.versionOf(Set.of("2-bbb"))).isEqualTo(1);
        assertThat(doc.versionOf(Set.of("9-zzz"))).isEqualTo(-1);
    }
}
