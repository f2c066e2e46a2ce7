package org.couchtck.reference.views;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.couchtck.reference.collation.ViewCollation;
import org.junit.jupiter.api.Test;

class ViewIndexesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ViewIndexes indexes = new ViewIndexes(view -> ViewCollation.COUCHDB, () -> 0L);

    private static DesignDefinition design(String id, String json) throws Exception {
        return DesignDefinition.of(id, (ObjectNode) JSON.readTree(json));
    }

    @Test
    void design_documents_with_the_same_views_share_one_index_whatever_their_ids_and_autoupdate() throws Exception {
        DesignDefinition on = design("_design/on", "{\"views\":{\"v\":{\"map\":\"function(doc){emit(doc.n,null)}\"}}}");
        DesignDefinition off = design("_design/off",
                "{\"autoupdate\":false,\"views\":{\"v\":{\"map\":\"function(doc){emit(doc.n,null)}\"}}}");

        DesignIndex built = indexes.indexFor("db", "u1", on);

        assertThat(off.signature()).isEqualTo(on.signature());
        assertThat(indexes.indexFor("db", "u1", off)).isSameAs(built);
    }

    @Test
    void design_documents_with_other_views_or_in_another_database_get_indexes_of_their_own() throws Exception {
        DesignDefinition a = design("_design/a", "{\"views\":{\"v\":{\"map\":\"function(doc){emit(doc.n,null)}\"}}}");
        DesignDefinition b = design("_design/b", "{\"views\":{\"v\":{\"map\":\"function(doc){emit(doc.n,1)}\"}}}");

        DesignIndex first = indexes.indexFor("db", "u1", a);

        assertThat(indexes.indexFor("db", "u1", b)).isNotSameAs(first);
        assertThat(indexes.indexFor("db", "u2", a)).as("the database recreated").isNotSameAs(first);
        assertThat(indexes.indexFor("other", "u1", a)).isNotSameAs(first);
        assertThat(indexes.indexFor("db", "u1", a)).isSameAs(first);
    }

    @Test
    void a_design_document_whose_views_change_gets_the_index_of_its_new_signature() throws Exception {
        DesignDefinition before = design("_design/d", "{\"views\":{\"v\":{\"map\":\"function(doc){emit(1,1)}\"}}}");
        DesignDefinition after = design("_design/d", "{\"views\":{\"v\":{\"map\":\"function(doc){emit(2,2)}\"}}}");

        DesignIndex old = indexes.indexFor("db", "u1", before);

        assertThat(indexes.indexFor("db", "u1", after)).isNotSameAs(old);
    }
}
