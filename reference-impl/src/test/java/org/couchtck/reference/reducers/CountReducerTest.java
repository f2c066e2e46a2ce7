package org.couchtck.reference.reducers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.reference.reducers.Rows.json;
import static org.couchtck.reference.reducers.Rows.text;
import static org.couchtck.reference.reducers.Rows.values;

import java.util.List;
import org.junit.jupiter.api.Test;

class CountReducerTest {

    @Test
    void should_count_rows_whatever_their_values_when_reducing() throws InvalidReduceFunctionException {
        // given
        BuiltinReducer count = BuiltinReducers.forSource("_count");

        // when
        Object partial = count.reduce(values("\"x\"", "null", "{\"a\":1}"));

        // then
        assertThat(text(count.result(partial))).isEqualTo("3");
    }

    @Test
    void should_add_counts_when_rereducing() throws InvalidReduceFunctionException {
        // given
        BuiltinReducer count = BuiltinReducers.forSource("_count");

        // when
        Object total = count.rereduce(List.of(count.reduce(values("1", "2")), count.reduce(values("3")), json("4")));

        // then
        assertThat(text(count.result(total))).isEqualTo("7");
    }
}
