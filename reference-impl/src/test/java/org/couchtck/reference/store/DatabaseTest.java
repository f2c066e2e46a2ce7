package org.couchtck.reference.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DatabaseTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Database db = new Store(() -> 0L).create("db").orElseThrow();

    private void put(String id) {
        write(id, false);
    }

    private void write(String id, boolean deleted) {
        Optional<DocumentState> old = db.get(id);
        ObjectNode body = JSON.createObjectNode().put("n", 1);
        db.write(List.of(new DocumentWrite(id, old.map(s -> s.winner().rev()).orElse(null), deleted, body,
                List.of())));
    }

    @Test
    void design_documents_are_the_design_documents_in_id_order_deleted_ones_marked() {
        // given
        put("_design/b");
        put("a");
        put("_design/a");
        put("_designer");
        put("_design/c");
        write("_design/c", true);
        put("_design/b");

        // when
        List<DocumentState> design = db.designDocuments();

        // then
        assertThat(design).extracting(DocumentState::id).containsExactly("_design/a", "_design/b", "_design/c");
        assertThat(design).extracting(DocumentState::deleted).containsExactly(false, false, true);
        assertThat(design.get(1).winner().rev().pos()).isEqualTo(2);
    }
}
