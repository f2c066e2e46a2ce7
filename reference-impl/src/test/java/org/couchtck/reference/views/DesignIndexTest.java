package org.couchtck.reference.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.reference.collation.ViewCollation;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.Store;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DesignIndexTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Database db;
    private DesignIndex index;
    /** Emits [doc.k, doc.v] when the document has k; a Java stand-in for a JavaScript map function. */
    private final ViewFunctions functions = new ViewFunctions() {
        @Override
        public MapSession openMap(DesignDefinition design) {
            return new MapSession() {
                @Override
                public List<List<JsonNode[]>> map(ObjectNode doc) {
                    List<JsonNode[]> emits = new ArrayList<>();
                    if (doc.has("k")) {
                        emits.add(new JsonNode[] {doc.get("k"), doc.path("v")});
                    }
                    return List.of(emits);
                }

                @Override
                public void close() {}
            };
        }

        // these tests reduce with their own ViewReducer, never through a query server
        @Override
        public JsonNode reduce(DesignDefinition design, String source, List<ViewRow> rows) {
            throw new AssertionError("no query-server reduce expected");
        }

        @Override
        public JsonNode rereduce(DesignDefinition design, String source, List<JsonNode> reductions) {
            throw new AssertionError("no query-server rereduce expected");
        }
    };

    /** Sums the values, counting calls, for the reduce tests. */
    private static final class Summing implements ViewReducer {
        int reduces;
        int rereduces;
        int leafBuilds;

        @Override
        public void buildLeaves(List<List<ViewRow>> leaves) {
            leafBuilds++;
        }

        @Override
        public Object reduce(List<ViewRow> rows) {
            reduces++;
            return rows.stream().mapToLong(r -> r.value().asLong()).sum();
        }

        @Override
        public Object rereduce(List<Object> partials) {
            rereduces++;
            return partials.stream().mapToLong(p -> (Long) p).sum();
        }

        @Override
        public JsonNode result(Object partial) {
            return JSON.getNodeFactory().numberNode((Long) partial);
        }
    }

    @BeforeEach
    void setUp() throws Exception {
        Store store = new Store(() -> 0L);
        db = store.create("db").orElseThrow();
        ObjectNode ddoc = (ObjectNode) JSON.readTree("{\"views\":{\"v\":{\"map\":\"m\",\"reduce\":\"r\"}}}");
        index = new DesignIndex("db", DesignDefinition.of("_design/d", ddoc), view -> ViewCollation.COUCHDB,
                () -> 0L);
    }

    private void put(String id, String k, long v) throws Exception {
        Optional<DocumentState> old = db.get(id);
        ObjectNode body = (ObjectNode) JSON.readTree("{\"k\":" + k + ",\"v\":" + v + "}");
        db.write(List.of(new DocumentWrite(id, old.map(s -> s.winner().rev()).orElse(null), false, body,
                List.of())));
    }

    private IndexSource source() {
        return IndexSource.of(db, document -> {
            ObjectNode doc = document.winner().body().deepCopy();
            doc.put("_id", document.id());
            return doc;
        });
    }

    private static ViewQuery query(String json) throws Exception {
        JsonNode q = JSON.readTree(json);
        return new ViewQuery(Optional.ofNullable(q.get("keys")).map(k -> {
            List<JsonNode> keys = new ArrayList<>();
            k.forEach(keys::add);
            return keys;
        }), Optional.ofNullable(q.get("startkey")), Optional.ofNullable(q.path("startkey_docid").textValue()),
                Optional.ofNullable(q.get("endkey")), Optional.ofNullable(q.path("endkey_docid").textValue()),
                q.path("inclusive_end").asBoolean(true), q.path("descending").asBoolean(false),
                q.path("skip").asLong(0), q.path("limit").asLong(Long.MAX_VALUE), q.path("reduce").asBoolean(true),
                q.has("group_level") ? q.get("group_level").asInt() : 0);
    }

    private List<String> ids(MapResult result) {
        return result.rows().stream().map(ViewRow::id).toList();
    }

    @Test
    void should_order_rows_by_key_then_doc_id_and_count_the_offset_before_the_range() throws Exception {
        // given
        put("c", "2", 1);
        put("a", "2", 1);
        put("b", "1", 1);
        put("d", "3", 1);
        index.update(source(), functions);

        // when
        MapResult all = index.map(0, ViewQuery.all());
        MapResult from2 = index.map(0, query("{\"startkey\":2}"));

        // then
        assertThat(ids(all)).containsExactly("b", "a", "c", "d");
        assertThat(ids(from2)).containsExactly("a", "c", "d");
        assertThat(from2.offset()).isEqualTo(1);
        assertThat(from2.totalRows()).isEqualTo(4);
    }

    @Test
    void should_honour_inclusive_end_and_doc_id_bounds_in_both_directions() throws Exception {
        // given
        for (String id : new String[] {"a", "b", "c", "d"}) {
            put(id, "2", 1);
        }
        put("x", "1", 1);
        put("y", "3", 1);
        index.update(source(), functions);

        // then
        assertThat(ids(index.map(0, query("{\"endkey\":2,\"inclusive_end\":false}")))).containsExactly("x");
        assertThat(ids(index.map(0, query("{\"startkey\":2,\"startkey_docid\":\"b\",\"endkey\":2,"
                + "\"endkey_docid\":\"c\"}")))).containsExactly("b", "c");
        assertThat(ids(index.map(0, query("{\"startkey\":2,\"startkey_docid\":\"c\",\"descending\":true}"))))
                .containsExactly("c", "b", "a", "x");
        assertThat(ids(index.map(0, query("{\"startkey\":3,\"endkey\":2,\"descending\":true,"
                + "\"inclusive_end\":false}")))).containsExactly("y");
        MapResult skipped = index.map(0, query("{\"startkey\":2,\"skip\":2,\"limit\":1}"));
        assertThat(ids(skipped)).containsExactly("c");
        assertThat(skipped.offset()).isEqualTo(3);
    }

    @Test
    void should_refuse_a_range_that_runs_against_the_direction() throws Exception {
        assertThatThrownBy(() -> index.map(0, query("{\"startkey\":2,\"endkey\":1}")))
                .isInstanceOf(ViewQueryException.class).hasMessageContaining("set descending=true");
        assertThatThrownBy(() -> index.map(0, query("{\"startkey\":1,\"endkey\":2,\"descending\":true}")))
                .isInstanceOf(ViewQueryException.class).hasMessageContaining("set descending=false");
    }

    @Test
    void should_answer_keys_in_the_order_asked_with_the_offset_of_the_first() throws Exception {
        // given
        put("a", "1", 1);
        put("b", "2", 1);
        put("c", "4", 1);
        index.update(source(), functions);

        // when
        MapResult result = index.map(0, query("{\"keys\":[4,2,77,4]}"));

        // then
        assertThat(ids(result)).containsExactly("c", "b", "c");
        assertThat(result.offset()).isEqualTo(2);
    }

    @Test
    void should_drop_a_documents_old_rows_when_it_changes() throws Exception {
        // given
        put("a", "1", 1);
        index.update(source(), functions);

        // when
        put("a", "5", 1);
        long before = index.indexedSeq();
        index.update(source(), functions);

        // then
        assertThat(index.map(0, ViewQuery.all()).rows()).extracting(r -> r.key().asInt()).containsExactly(5);
        assertThat(index.indexedSeq()).isGreaterThan(before).isEqualTo(db.updateSeq());
    }

    @Test
    void should_group_array_keys_by_prefix_and_reduce_each_group_then_rereduce() throws Exception {
        // given
        put("a", "[\"x\",1]", 1);
        put("b", "[\"x\",2]", 2);
        put("c", "[\"y\",1]", 4);
        put("d", "\"z\"", 8);
        index.update(source(), functions);
        Summing sum = new Summing();

        // when
        List<ReducedRow> level1 = index.reduce(0, query("{\"group_level\":1}"), sum);
        List<ReducedRow> total = index.reduce(0, ViewQuery.all(), sum);

        // then
        assertThat(level1).extracting(r -> r.key().toString() + "=" + r.value())
                .containsExactly("\"z\"=8", "[\"x\"]=3", "[\"y\"]=4");
        assertThat(total).extracting(r -> r.value().asLong()).containsExactly(15L);
        assertThat(sum.rereduces).as("a final rereduce per group, as CouchDB's final_reduce").isEqualTo(4);
    }

    @Test
    void should_reduce_the_leaves_as_a_build_would_once_per_change_of_the_rows() throws Exception {
        // given
        put("a", "1", 1);
        index.update(source(), functions);
        Summing sum = new Summing();

        // when
        index.reduce(0, ViewQuery.all(), sum);
        index.reduce(0, ViewQuery.all(), sum);
        put("b", "2", 2);
        index.update(source(), functions);
        List<ReducedRow> after = index.reduce(0, ViewQuery.all(), sum);

        // then
        assertThat(sum.leafBuilds).isEqualTo(2);
        assertThat(after).extracting(r -> r.value().asLong()).containsExactly(3L);
    }

    @Test
    void should_leave_design_documents_out_unless_include_design_is_set() throws Exception {
        // given
        put("_design/x", "1", 1);
        put("a", "2", 1);

        // when
        index.update(source(), functions);

        // then
        assertThat(ids(index.map(0, ViewQuery.all()))).containsExactly("a");
    }

    /** Documents d01..d10 emitting their number; on q=2, mem3 puts d02, d03, d06, d07 in the second shard. */
    private void tenNumberedDocs() throws Exception {
        for (int n = 1; n <= 10; n++) {
            put(String.format("d%02d", n), Integer.toString(n), n);
        }
        index.update(source(), functions);
    }

    private String keysQuery(String keysAndMore, int shards) throws Exception {
        MapResult result = index.map(0, query("{\"keys\":" + keysAndMore + ", \"reduce\": false}"), shards);
        return result.offset() + " " + result.rows().stream().map(r -> r.key().toString()).toList();
    }

    @Test
    void should_answer_keys_queries_on_two_shards_as_couchdb_3_5_2_did() throws Exception {
        // given
        tenNumberedDocs();

        // then: what CouchDB answered for the same documents and keys with q=2
        assertThat(ShardedKeys.shardOf("d02", 2)).isEqualTo(1);
        assertThat(ShardedKeys.shardOf("d01", 2)).isEqualTo(0);
        assertThat(keysQuery("[3,1,99,3]", 2)).isEqualTo("1 [1, 3, 3]");
        assertThat(keysQuery("[3,1,99,3], \"descending\": true", 2)).isEqualTo("7 [1, 3, 3]");
        assertThat(keysQuery("[3,1,99,3], \"skip\": 1", 2)).isEqualTo("2 [3, 3]");
        assertThat(keysQuery("[6,2]", 2)).isEqualTo("3 [6, 2]");
        assertThat(keysQuery("[6,2], \"descending\": true", 2)).isEqualTo("6 [2, 6]");
        assertThat(keysQuery("[6,2,99]", 2)).isEqualTo("8 [6, 2]");
        assertThat(keysQuery("[99,6,2], \"descending\": true", 2)).isEqualTo("3 [2, 6]");
        assertThat(keysQuery("[7,7,1]", 2)).isEqualTo("3 [7, 7, 1]");
        assertThat(keysQuery("[5], \"skip\": 1", 2)).isEqualTo("5 []");
        assertThat(keysQuery("[99]", 2)).isEqualTo("10 []");
    }

    @Test
    void should_keep_the_order_of_keys_on_one_shard_and_count_skipped_rows_in_the_offset() throws Exception {
        // given
        tenNumberedDocs();

        // then: CouchDB 3.5.2 with q=1 (recording views.keys_get)
        assertThat(keysQuery("[3,1,99,3]", 1)).isEqualTo("2 [3, 1, 3]");
        assertThat(keysQuery("[7,2,4], \"skip\": 1, \"limit\": 2", 1)).isEqualTo("7 [2, 4]");
    }
}
