package org.couchtck.reference.mango;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Operator by operator, the documents CouchDB 3.5.2 (built from source) passed through
 * {@code POST /db/_changes?filter=_selector} for each selector, over these five documents.
 */
class SelectorTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<JsonNode> DOCS = List.of(
            json("{\"_id\":\"a\",\"n\":1,\"s\":\"apple\",\"tags\":[\"x\",\"y\"],\"o\":{\"k\":1,\"d.k\":2},\"f\":1.5}"),
            json("{\"_id\":\"b\",\"n\":2,\"s\":\"Banana\",\"tags\":[\"y\"],\"o\":{\"k\":2},\"f\":2}"),
            json("{\"_id\":\"c\",\"n\":10,\"s\":\"cherry\",\"tags\":[],\"nested\":{\"arr\":[{\"v\":1},{\"v\":5}]},"
                    + "\"f\":-3}"),
            json("{\"_id\":\"d\",\"s\":\"date\",\"n\":\"5\",\"tags\":\"notarray\",\"b\":true,\"z\":null}"),
            json("{\"_id\":\"e\",\"n\":3.0,\"m\":-7,\"tags\":[\"x\",\"y\",\"z\"],\"o\":{\"k\":[1,2]}}"));

    static Stream<Arguments> probed() {
        return Stream.of(
                // comparisons, by view collation: "5" is a string, above every number; 3.0 equals 3
                probe("{\"n\":{\"$gt\":2}}", "c d e"),
                probe("{\"n\":{\"$lt\":\"a\"}}", "a b c d e"),
                probe("{\"s\":{\"$gt\":\"b\"}}", "b c d"),
                probe("{\"s\":{\"$gt\":\"B\"}}", "b c d"),
                probe("{\"s\":{\"$lt\":\"apple\"}}", ""),
                probe("{\"s\":{\"$eq\":\"APPLE\"}}", ""),
                probe("{\"n\":3}", "e"),
                probe("{\"n\":{\"$eq\":3}}", "e"),
                probe("{\"n\":{\"$gte\":2,\"$lte\":3}}", "b e"),
                probe("{\"f\":{\"$lt\":0}}", "c"),
                probe("{\"n\":{\"$gt\":null}}", "a b c d e"),
                probe("{\"z\":{\"$lt\":false}}", "d"),
                probe("{\"o\":{\"$gt\":[9]}}", "a b e"),
                probe("{\"q\":{\"$ne\":1}}", ""),
                // _id compares by Erlang term order: "B" sorts before "a"
                probe("{\"_id\":{\"$gt\":\"B\"}}", "a b c d e"),
                // $in / $nin / $all
                probe("{\"tags\":{\"$in\":[\"z\",\"q\"]}}", "e"),
                probe("{\"tags\":{\"$in\":[\"x\"]}}", "a e"),
                probe("{\"tags\":{\"$nin\":[\"x\"]}}", "b c d"),
                probe("{\"n\":{\"$nin\":[1,2]}}", "c d e"),
                probe("{\"n\":{\"$in\":[]}}", ""),
                probe("{\"n\":{\"$nin\":[]}}", "a b c d e"),
                probe("{\"q\":{\"$nin\":[1]}}", ""),
                probe("{\"tags\":{\"$all\":[\"x\"]}}", "a e"),
                probe("{\"tags\":{\"$all\":[]}}", ""),
                probe("{\"o.k\":{\"$all\":[1.0]}}", ""),
                probe("{\"o.k\":{\"$all\":[[1,2]]}}", "e"),
                // arrays are values: no MongoDB-style element equality
                probe("{\"tags\":[\"y\"]}", "b"),
                probe("{\"tags\":\"y\"}", ""),
                // $exists and its negation
                probe("{\"z\":{\"$exists\":true}}", "d"),
                probe("{\"z\":{\"$exists\":false}}", "a b c e"),
                probe("{\"$not\":{\"z\":{\"$exists\":true}}}", "a b c e"),
                // $type, $size, $mod
                probe("{\"tags\":{\"$type\":\"array\"}}", "a b c e"),
                probe("{\"z\":{\"$type\":\"null\"}}", "d"),
                probe("{\"n\":{\"$type\":\"number\"}}", "a b c e"),
                probe("{\"b\":{\"$type\":\"boolean\"}}", "d"),
                probe("{\"o\":{\"$type\":\"object\"}}", "a b e"),
                probe("{\"n\":{\"$type\":\"integer\"}}", ""),
                probe("{\"tags\":{\"$size\":2}}", "a"),
                probe("{\"tags\":{\"$size\":0}}", "c"),
                probe("{\"n\":{\"$mod\":[3,1]}}", "a c"),
                probe("{\"m\":{\"$mod\":[3,-1]}}", "e"),
                // $regex and $beginsWith
                probe("{\"s\":{\"$regex\":\"^[a-c]\"}}", "a c"),
                probe("{\"s\":{\"$regex\":\"(?i)^b\"}}", "b"),
                probe("{\"s\":{\"$regex\":\"an\"}}", "b"),
                probe("{\"n\":{\"$regex\":\"5\"}}", "d"),
                probe("{\"s\":{\"$not\":{\"$regex\":\"^[ab]\"}}}", "b c d"),
                probe("{\"s\":{\"$beginsWith\":\"ch\"}}", "c"),
                // $elemMatch, $allMatch, $keyMapMatch
                probe("{\"tags\":{\"$elemMatch\":{\"$eq\":\"y\"}}}", "a b e"),
                probe("{\"nested.arr\":{\"$elemMatch\":{\"v\":{\"$gt\":3}}}}", "c"),
                probe("{\"tags\":{\"$allMatch\":{\"$in\":[\"x\",\"y\"]}}}", "a b"),
                probe("{\"o\":{\"$keyMapMatch\":{\"$regex\":\"\\\\.\"}}}", "a"),
                // field paths
                probe("{\"o.k\":1}", "a"),
                probe("{\"o\":{\"k\":1}}", "a"),
                probe("{\"o.d\\\\.k\":2}", "a"),
                probe("{\"nested.arr.1.v\":5}", "c"),
                probe("{\"tags.0\":\"x\"}", "a e"),
                // combinations
                probe("{\"$or\":[]}", "a b c d e"),
                probe("{\"$and\":[]}", "a b c d e"),
                probe("{}", "a b c d e"),
                probe("{\"$nor\":[{\"n\":1},{\"n\":2}]}", "c d e"),
                probe("{\"$or\":[{\"n\":1},{\"s\":\"date\"}]}", "a d"),
                probe("{\"$and\":[{\"n\":{\"$gt\":1}},{\"n\":{\"$lt\":10}}]}", "b e"),
                probe("{\"$or\":[{\"a\":1},5]}", ""),
                probe("{\"$text\":\"x\"}", "a b c d e"),
                probe("{\"n\":{\"$gt\":1,\"$lt\":{\"$x\":1}}}", "b c d e"));
    }

    @ParameterizedTest(name = "{0} passes {1}")
    @MethodSource("probed")
    void matches_the_documents_couchdb_matched(String selector, List<String> ids) {
        Selector s = Selector.of(json(selector));

        List<String> passed = new ArrayList<>();
        for (JsonNode doc : DOCS) {
            if (s.matches(doc)) {
                passed.add(doc.get("_id").asText());
            }
        }

        assertThat(passed).as(selector).containsExactlyElementsOf(ids);
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                refusal("{\"n\":{\"$in\":5}}", "bad_arg", "Bad argument for operator $in: 5"),
                refusal("{\"n\":{\"$in\":\"x\"}}", "bad_arg", "Bad argument for operator $in: <<120>>"),
                refusal("{\"n\":{\"$in\":{\"a\":1}}}", "bad_arg", "Bad argument for operator $in: {[{<<97>>,1}]}"),
                refusal("{\"n\":{\"$foo\":1}}", "invalid_operator", "Invalid operator: $foo"),
                refusal("{\"n\":{\"$where\":1}}", "not_supported", "Unsupported operator: $where"),
                refusal("{\"$and\":{\"a\":1}}", "bad_arg", "Bad argument for operator $and: {[{<<97>>,1}]}"),
                refusal("{\"n\":{\"$exists\":\"yes\"}}", "bad_arg",
                        "Bad argument for operator $exists: <<121,101,115>>"),
                refusal("{\"n\":{\"$size\":-1}}", "bad_arg", "Bad argument for operator $size: -1"),
                refusal("{\"n\":{\"$size\":1.5}}", "bad_arg", "Bad argument for operator $size: 1.5"),
                refusal("{\"n\":{\"$mod\":[1.5,1]}}", "bad_arg", "Bad argument for operator $mod: [1.5,1]"),
                refusal("{\"n\":{\"$mod\":[3]}}", "bad_arg", "Bad argument for operator $mod: [3]"),
                refusal("{\"n\":{\"$regex\":\"(\"}}", "bad_arg", "Bad argument for operator $regex: <<40>>"),
                refusal("{\"n\":{\"$type\":5}}", "bad_arg", "Bad argument for operator $type: 5"),
                refusal("{\"\":1}", "invalid_selector", "One or more conditions is missing a field name."),
                refusal("{\"n\":{\"$elemMatch\":[1]}}", "bad_arg", "Bad argument for operator $elemMatch: [1]"),
                refusal("{\"$not\":[1]}", "bad_arg", "Bad argument for operator $not: [1]"),
                refusal("{\"$nor\":5}", "bad_arg", "Bad argument for operator $nor: 5"),
                refusal("{\"n\":{\"$all\":5}}", "bad_arg", "Bad argument for operator $all: 5"),
                refusal("{\"n\":{\"$beginsWith\":5}}", "invalid_operator", "Invalid operator: $beginsWith"),
                refusal("{\"$default\":1}", "bad_field",
                        "Invalid field normalization on selector: {[{<<36,100,101,102,97,117,108,116>>,1}]}"),
                refusal("{\"n\":{\"$text\":\"x\"}}", "bad_field", "Invalid field normalization on selector: "
                        + "{[{<<36,100,101,102,97,117,108,116>>,{[{<<36,116,101,120,116>>,<<120>>}]}}]}"));
    }

    @ParameterizedTest(name = "{0} is refused")
    @MethodSource("refused")
    void refuses_what_couchdb_refused_with_its_reason(String selector, String error, String reason) {
        assertThatThrownBy(() -> Selector.of(json(selector)))
                .isInstanceOfSatisfying(MangoException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.error()).isEqualTo(error);
                    assertThat(e.reason()).isEqualTo(reason);
                });
    }

    @Test
    void should_crash_while_matching_when_mod_divides_by_zero() {
        Selector s = Selector.of(json("{\"n\":{\"$mod\":[0,1]}}"));

        assertThatThrownBy(() -> s.matches(DOCS.get(0)))
                .isInstanceOfSatisfying(MangoException.class, e -> {
                    assertThat(e.status()).isEqualTo(500);
                    assertThat(e.error()).isEqualTo("error");
                    assertThat(e.reason()).startsWith("{badarith,");
                });
    }

    @Test
    void should_crash_while_matching_when_a_field_name_has_an_empty_segment() {
        Selector s = Selector.of(json("{\"a..b\":1}"));

        assertThatThrownBy(() -> s.matches(DOCS.get(0)))
                .isInstanceOfSatisfying(MangoException.class,
                        e -> assertThat(e.reason()).startsWith("{{mango_error,mango_util,{invalid_field_name,"));
    }

    @Test
    void should_push_negations_down_to_the_terminals_when_normalizing() {
        Selector s = Selector.of(json("{\"$not\":{\"$and\":[{\"a\":{\"$gt\":10}},{\"b\":{\"$in\":[1]}}]}}"));

        assertThat(s.normalized()).isEqualTo(
                json("{\"$or\":[{\"a\":{\"$lte\":10}},{\"b\":{\"$nin\":[1]}}]}"));
    }

    @Test
    void should_join_nested_fields_into_a_dotted_path_when_normalizing() {
        Selector s = Selector.of(json("{\"a\":{\"b\":{\"$gt\":1,\"$lt\":5}}}"));

        assertThat(s.normalized()).isEqualTo(
                json("{\"$and\":[{\"a.b\":{\"$gt\":1}},{\"a.b\":{\"$lt\":5}}]}"));
    }

    @Test
    void should_not_match_exists_false_when_the_path_runs_into_a_scalar() {
        // mango_doc:get_field answers bad_path there, and only not_found lets $exists: false match
        assertThat(Selector.of(json("{\"s.x\":{\"$exists\":false}}")).matches(DOCS.get(0))).isFalse();
        assertThat(Selector.of(json("{\"q.x\":{\"$exists\":false}}")).matches(DOCS.get(0))).isTrue();
    }

    private static Arguments probe(String selector, String ids) {
        return Arguments.of(selector, ids.isEmpty() ? List.of() : List.of(ids.split(" ")));
    }

    private static Arguments refusal(String selector, String error, String reason) {
        return Arguments.of(selector, error, reason);
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
