package org.couchtck.reference.reducers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BuiltinReducersTest {

    @Test
    void should_treat_a_source_as_builtin_when_it_starts_with_an_underscore() {
        assertThat(BuiltinReducers.isBuiltin("_sum")).isTrue();
        assertThat(BuiltinReducers.isBuiltin("_whatever")).isTrue();
        assertThat(BuiltinReducers.isBuiltin("function(k, v) { return sum(v); }")).isFalse();
        assertThat(BuiltinReducers.isBuiltin(" _sum")).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "_sumx, SumReducer",
        "_count_all, CountReducer",
        "_stats2, StatsReducer",
        "_approx_count_distinctive, ApproxCountDistinctReducer",
        "_first_one, FirstLastReducer",
        "_lastly, FirstLastReducer",
        "_top_1, RankReducer",
        "_top_+7, RankReducer",
        "_bottom_007, RankReducer",
        "_bottom_100, RankReducer",
    })
    void should_pick_the_builtin_the_name_starts_with_when_it_has_more_after_it(String source, String kind)
            throws InvalidReduceFunctionException {
        // when
        BuiltinReducer reducer = BuiltinReducers.forSource(source);

        // then
        assertThat(reducer.getClass().getSimpleName()).isEqualTo(kind);
        assertThat(reducer.name()).isEqualTo(source);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "_top_0     | rank value must be between 1 and 100",
        "_top_101   | rank value must be between 1 and 100",
        "_bottom_-1 | rank value must be between 1 and 100",
        "_top_99999999999999999999 | rank value must be between 1 and 100",
        "_top_x     | invalid rank reducer",
        "_bottom_   | invalid rank reducer",
        "_top_1.5   | invalid rank reducer",
        "_foo       | `_foo` is not a supported reduce function.",
        "_Sum       | `_Sum` is not a supported reduce function.",
        "_          | `_` is not a supported reduce function.",
        "_top       | `_top` is not a supported reduce function.",
    })
    void should_refuse_with_couchdbs_reason_when_no_builtin_matches(String source, String reason) {
        assertThatThrownBy(() -> BuiltinReducers.forSource(source))
                .isInstanceOf(InvalidReduceFunctionException.class)
                .hasMessage(reason);
    }
}
