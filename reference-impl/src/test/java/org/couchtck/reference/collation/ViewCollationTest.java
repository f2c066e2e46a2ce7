package org.couchtck.reference.collation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BinaryNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both view collations over keys of every type, the row order, and how a view picks its collation. */
class ViewCollationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void should_follow_the_documented_specification_when_default_collation() {
        // given the sequence in CouchDB's collation documentation (view_collation.js)
        List<JsonNode> documented = keys("null", "false", "true", "1", "2", "3.0", "4", "\"a\"", "\"A\"", "\"aa\"",
                "\"b\"", "\"B\"", "\"ba\"", "\"bb\"", "[\"a\"]", "[\"b\"]", "[\"b\",\"c\"]", "[\"b\",\"c\",\"a\"]",
                "[\"b\",\"d\"]", "[\"b\",\"d\",\"e\"]", "{\"a\":1}", "{\"a\":2}", "{\"b\":1}", "{\"b\":2}",
                "{\"b\":2,\"a\":1}", "{\"b\":2,\"c\":2}");

        // when
        List<JsonNode> sorted = sortedReversed(documented, ViewCollation.COUCHDB);

        // then
        assertThat(sorted).isEqualTo(documented);
    }

    @Test
    void should_order_types_null_false_true_number_string_array_object_when_default_collation() {
        // given the smallest and largest values of each type
        List<JsonNode> ordered = keys("null", "false", "true", "-1e308", "1e308", "\"\"", "\"\\ufff0\"", "[]",
                "[{}]", "{}", "{\"\\ufff0\":{}}");

        // then every adjacent pair, and every pair at all, is in order
        assertStrictlyAscending(ordered, ViewCollation.COUCHDB);
    }

    @Test
    void should_order_types_number_false_null_true_object_array_string_when_raw_collation() {
        // given the documented raw sequence 1, false, null, true, {"a":"a"}, ["a"], "a", with the extremes of each
        List<JsonNode> ordered = keys("-1e308", "1", "1e308", "false", "null", "true", "{}", "{\"a\":\"a\"}",
                "{\"\\ufff0\":[]}", "[]", "[\"a\"]", "[\"\\ufff0\"]", "\"\"", "\"a\"", "\"\\ufff0\"");

        // then
        assertStrictlyAscending(ordered, ViewCollation.RAW);
    }

    @Test
    void should_sort_a_prefix_first_and_compare_element_by_element_when_arrays() {
        // then
        assertStrictlyAscending(keys("[]", "[null]", "[null,1]", "[false]", "[0]", "[1]", "[1,null]", "[1,2]",
                "[1,2,3]", "[2]", "[\"a\"]", "[\"a\",1]", "[\"A\"]", "[[]]", "[[1]]", "[{}]"), ViewCollation.COUCHDB);
        assertStrictlyAscending(keys("[]", "[0]", "[1]", "[1,2]", "[1,null]", "[false]", "[null]", "[{}]", "[[]]",
                "[\"A\"]", "[\"a\"]"), ViewCollation.RAW);
    }

    @Test
    void should_compare_member_by_member_in_order_then_by_size_when_objects() {
        // then: names first (by the collation's strings), then values, then the object that ran out first
        assertStrictlyAscending(keys("{}", "{\"a\":null}", "{\"a\":1}", "{\"a\":1,\"b\":2}", "{\"a\":2}",
                "{\"a\":[1]}", "{\"A\":1}", "{\"b\":0}", "{\"b\":2,\"a\":1}"), ViewCollation.COUCHDB);
        assertStrictlyAscending(keys("{}", "{\"A\":1}", "{\"a\":1}", "{\"a\":1,\"b\":2}", "{\"a\":2}",
                "{\"a\":null}", "{\"a\":[1]}", "{\"b\":0}"), ViewCollation.RAW);
    }

    @Test
    void should_make_member_order_count_when_objects_have_the_same_members() {
        // given
        JsonNode ab = key("{\"a\":1,\"b\":2}");
        JsonNode ba = key("{\"b\":2,\"a\":1}");

        // then: unlike JsonNode.equals
        assertThat(ab).isEqualTo(ba);
        assertThat(ViewCollation.COUCHDB.compare(ab, ba)).isNegative();
        assertThat(ViewCollation.RAW.compare(ab, ba)).isNegative();
    }

    @Test
    void should_treat_keys_as_equal_when_numbers_have_the_same_value_or_strings_collate_equal() {
        // then
        assertThat(ViewCollation.COUCHDB.compare(key("[1,{\"é\":0}]"), key("[1.0,{\"e\\u0301\":-0.0}]"))).isZero();
        assertThat(ViewCollation.RAW.compare(key("[1,{\"k\":0}]"), key("[1.0,{\"k\":-0.0}]"))).isZero();
        assertThat(ViewCollation.RAW.compare(key("\"é\""), key("\"e\\u0301\""))).isNotZero();
    }

    @Test
    void should_order_by_document_id_bytes_when_keys_are_equal() {
        // given keys equal under the default collation, and ids where UTF-16 order and byte order disagree
        JsonNode composed = key("\"é\"");
        JsonNode decomposed = key("\"e\\u0301\"");

        // then
        assertThat(ViewCollation.COUCHDB.compareRows(composed, "b", decomposed, "a")).isPositive();
        assertThat(ViewCollation.COUCHDB.compareRows(decomposed, "B", composed, "a")).isNegative();
        assertThat(ViewCollation.COUCHDB.compareRows(composed, "\uff41", composed, "\ud83d\ude00")).isNegative();
        assertThat(ViewCollation.RAW.compareRows(key("1"), "k091", key("1.0"), "k011")).isPositive();
        assertThat(ViewCollation.COUCHDB.compareRows(key("1"), "z", key("2"), "a")).isNegative();
        assertThat(ViewCollation.COUCHDB.compareRows(key("1"), "a", key("1.0"), "a")).isZero();
    }

    @Test
    void should_compare_document_ids_by_bytes_not_by_icu_when_asked() {
        // then
        assertThat(ViewCollation.compareDocIds("B", "a")).isNegative();
        assertThat(ViewCollation.compareDocIds("_design/z", "a")).isNegative();
        assertThat(ViewCollation.COUCHDB.compareStrings("B", "a")).isPositive();
        assertThat(ViewCollation.RAW.compareStrings("B", "a")).isNegative();
    }

    @Test
    void should_pick_raw_only_when_the_view_options_say_raw() {
        // then
        assertThat(ViewCollation.forOptions(key("{\"collation\":\"raw\"}"))).isEqualTo(ViewCollation.RAW);
        assertThat(ViewCollation.forOptions(key("{\"collation\":\"unicode\"}"))).isEqualTo(ViewCollation.COUCHDB);
        assertThat(ViewCollation.forOptions(key("{\"collation\":\"RAW\"}"))).isEqualTo(ViewCollation.COUCHDB);
        assertThat(ViewCollation.forOptions(key("{\"collation\":[\"raw\"]}"))).isEqualTo(ViewCollation.COUCHDB);
        assertThat(ViewCollation.forOptions(key("{}"))).isEqualTo(ViewCollation.COUCHDB);
        assertThat(ViewCollation.forOptions(key("\"raw\""))).isEqualTo(ViewCollation.COUCHDB);
        assertThat(ViewCollation.forOptions(MissingNode.getInstance())).isEqualTo(ViewCollation.COUCHDB);
        assertThat(ViewCollation.forOptions(NullNode.getInstance())).isEqualTo(ViewCollation.COUCHDB);
        assertThat(ViewCollation.forOptions(null)).isEqualTo(ViewCollation.COUCHDB);
    }

    @Test
    void should_reject_nodes_when_they_are_not_json_values() {
        // then
        assertThatThrownBy(() -> ViewCollation.COUCHDB.compare(MissingNode.getInstance(), NullNode.getInstance()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ViewCollation.RAW.compare(key("1"), BinaryNode.valueOf(new byte[] {1})))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ViewCollation.RAW.compare(null, key("1")))
                .isInstanceOf(NullPointerException.class);
    }

    private static void assertStrictlyAscending(List<JsonNode> ordered, ViewCollation collation) {
        for (int i = 0; i < ordered.size(); i++) {
            for (int j = 0; j < ordered.size(); j++) {
                assertThat(Integer.signum(collation.compare(ordered.get(i), ordered.get(j))))
                        .as("%s: %s vs %s", collation, ordered.get(i), ordered.get(j))
                        .isEqualTo(Integer.compare(i, j));
            }
        }
    }

    private static List<JsonNode> sortedReversed(List<JsonNode> keys, ViewCollation collation) {
        List<JsonNode> copy = new ArrayList<>(keys);
        Collections.reverse(copy);
        copy.sort(collation);
        return copy;
    }

    private static List<JsonNode> keys(String... texts) {
        List<JsonNode> out = new ArrayList<>();
        for (String text : texts) {
            out.add(key(text));
        }
        return out;
    }

    private static JsonNode key(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
