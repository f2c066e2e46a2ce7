package org.couchtck.reference.reducers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.reference.reducers.Rows.row;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApproxCountDistinctReducerTest {

    private final BuiltinReducer distinct = reducer();

    @Test
    void should_estimate_0_when_there_are_no_rows() {
        assertThat(distinct.result(distinct.reduce(List.of())).longValue()).isZero();
    }

    @Test
    void should_count_keys_not_values_or_doc_ids_when_keys_repeat() {
        // given: two distinct keys, each from several documents with different values
        List<KeyValue> rows = List.of(row("\"a\"", "d1", "1"), row("\"a\"", "d2", "2"), row("[1,2]", "d3", "1"),
                row("[1,2]", "d4", "null"));

        // when / then
        assertThat(distinct.result(distinct.reduce(rows)).intValue()).isEqualTo(2);
    }

    @Test
    void should_tell_keys_apart_by_their_erlang_terms_when_they_only_differ_in_type() {
        // given: 1 and 1.0 are different terms (integer and float), "1" a binary
        List<KeyValue> rows = List.of(row("1", "d1", "0"), row("1.0", "d2", "0"), row("\"1\"", "d3", "0"));

        // when / then
        assertThat(distinct.result(distinct.reduce(rows)).intValue()).isEqualTo(3);
    }

    @Test
    void should_give_the_same_estimate_when_partials_are_rereduced_in_any_grouping() {
        // given
        List<KeyValue> rows = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            rows.add(row(Integer.toString(i % 2500), "d" + i, "null"));
        }
        Object whole = distinct.reduce(rows);

        // when
        Object split = distinct.rereduce(List.of(distinct.reduce(rows.subList(0, 100)),
                distinct.rereduce(List.of(distinct.reduce(rows.subList(100, 1700)),
                        distinct.reduce(rows.subList(1700, 3000))))));

        // then: registers only take maxima, so the sketches are the same
        assertThat(distinct.result(split)).isEqualTo(distinct.result(whole));
    }

    private static BuiltinReducer reducer() {
        try {
            return BuiltinReducers.forSource("_approx_count_distinct");
        } catch (InvalidReduceFunctionException e) {
            throw new AssertionError(e);
        }
    }
}
