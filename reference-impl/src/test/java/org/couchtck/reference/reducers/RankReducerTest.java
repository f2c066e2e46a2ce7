package org.couchtck.reference.reducers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.reference.reducers.Rows.text;
import static org.couchtck.reference.reducers.Rows.values;

import java.util.List;
import org.junit.jupiter.api.Test;

class RankReducerTest {

    @Test
    void should_give_the_largest_distinct_values_first_when_top() throws InvalidReduceFunctionException {
        // given
        BuiltinReducer top = BuiltinReducers.forSource("_top_3");

        // when: 9 twice counts once; collation puts objects above arrays above strings above numbers
        Object partial = top.reduce(values("5", "9", "1", "9", "7"));
        Object mixed = top.reduce(values("\"x\"", "[1]", "null", "{\"o\":1}", "2", "true"));

        // then
        assertThat(text(top.result(partial))).isEqualTo("[9,7,5]");
        assertThat(text(top.result(mixed))).isEqualTo("[{\"o\":1},[1],\"x\"]");
    }

    @Test
    void should_give_the_smallest_values_first_when_bottom() throws InvalidReduceFunctionException {
        // given
        BuiltinReducer bottom = BuiltinReducers.forSource("_bottom_3");

        // when
        Object mixed = bottom.reduce(values("\"x\"", "[1]", "null", "{\"o\":1}", "2", "true"));

        // then
        assertThat(text(bottom.result(mixed))).isEqualTo("[null,true,2]");
    }

    @Test
    void should_keep_the_value_met_first_when_values_collate_equal() throws InvalidReduceFunctionException {
        // given: 1 and 1.0 collate equal
        BuiltinReducer top = BuiltinReducers.forSource("_top_2");

        // when
        Object reduced = top.reduce(values("1.0", "1", "0"));
        Object rereduced = top.rereduce(List.of(top.reduce(values("1")), top.reduce(values("1.0", "3"))));

        // then
        assertThat(text(top.result(reduced))).isEqualTo("[1.0,0]");
        assertThat(text(top.result(rereduced))).isEqualTo("[3,1]");
    }

    @Test
    void should_merge_and_cut_to_n_when_rereducing() throws InvalidReduceFunctionException {
        // given
        BuiltinReducer bottom = BuiltinReducers.forSource("_bottom_2");

        // when
        Object merged = bottom.rereduce(List.of(bottom.reduce(values("5", "3")), bottom.reduce(values("4", "1", "9"))));

        // then
        assertThat(text(bottom.result(merged))).isEqualTo("[1,3]");
        assertThat(text(bottom.result(bottom.rereduce(List.of())))).isEqualTo("[]");
    }
}
