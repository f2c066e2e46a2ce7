package org.couchtck.reference.reducers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.reference.reducers.Rows.row;
import static org.couchtck.reference.reducers.Rows.text;

import java.util.List;
import org.junit.jupiter.api.Test;

class FirstLastReducerTest {

    private final List<KeyValue> rows = List.of(row("\"b\"", "d1", "1"), row("\"a\"", "d3", "2"),
            row("\"a\"", "d2", "3"), row("[1]", "d0", "4"), row("\"b\"", "d9", "5"));

    @Test
    void should_give_the_value_of_the_smallest_key_then_doc_id_when_first() throws InvalidReduceFunctionException {
        // given
        BuiltinReducer first = BuiltinReducers.forSource("_first");

        // when / then: "a" from d2 before "a" from d3
        assertThat(text(first.result(first.reduce(rows)))).isEqualTo("3");
    }

    @Test
    void should_give_the_value_of_the_largest_key_then_doc_id_when_last() throws InvalidReduceFunctionException {
        // given
        BuiltinReducer last = BuiltinReducers.forSource("_last");

        // when / then: arrays collate after strings
        assertThat(text(last.result(last.reduce(rows)))).isEqualTo("4");
        assertThat(text(last.result(last.reduce(rows.subList(0, 3))))).isEqualTo("1");
    }

    @Test
    void should_let_a_later_tie_win_when_last_and_the_earlier_one_when_first() throws InvalidReduceFunctionException {
        // given: the same key and doc id twice (rows of one document emitted twice)
        List<KeyValue> ties = List.of(row("\"a\"", "d1", "1"), row("\"a\"", "d1", "2"));

        // when / then
        BuiltinReducer first = BuiltinReducers.forSource("_first");
        BuiltinReducer last = BuiltinReducers.forSource("_last");
        assertThat(text(first.result(first.reduce(ties)))).isEqualTo("1");
        assertThat(text(last.result(last.reduce(ties)))).isEqualTo("2");
    }

    @Test
    void should_pick_across_partials_when_rereducing() throws InvalidReduceFunctionException {
        // given
        BuiltinReducer first = BuiltinReducers.forSource("_first");

        // when
        Object picked = first.rereduce(List.of(first.reduce(rows.subList(0, 2)), first.reduce(rows.subList(2, 5))));

        // then
        assertThat(text(first.result(picked))).isEqualTo("3");
    }

    @Test
    void should_give_an_empty_array_when_there_are_no_rows() throws InvalidReduceFunctionException {
        BuiltinReducer first = BuiltinReducers.forSource("_first");
        assertThat(text(first.result(first.reduce(List.of())))).isEqualTo("[]");
    }
}
