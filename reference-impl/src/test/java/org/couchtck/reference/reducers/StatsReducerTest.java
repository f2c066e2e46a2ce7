package org.couchtck.reference.reducers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.couchtck.reference.reducers.Rows.text;
import static org.couchtck.reference.reducers.Rows.values;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsReducerTest {

    private static final String NOT_NUMBERS =
            "The _stats function requires that map values be numbers or arrays of numbers, not '";

    private final BuiltinReducer stats = stats();

    @Test
    void should_give_sum_count_min_max_and_sumsqr_when_values_are_numbers() {
        assertThat(text(stats.result(stats.reduce(values("3", "1", "2.5")))))
                .isEqualTo("{\"sum\":6.5,\"count\":3,\"min\":1,\"max\":3,\"sumsqr\":16.25}");
    }

    @Test
    void should_give_zeros_when_there_are_no_rows() {
        assertThat(text(stats.result(stats.reduce(List.of()))))
                .isEqualTo("{\"sum\":0,\"count\":0,\"min\":0,\"max\":0,\"sumsqr\":0}");
    }

    @Test
    void should_give_stats_per_position_when_values_are_arrays() {
        assertThat(text(stats.result(stats.reduce(values("[1,10]", "[2,20]")))))
                .isEqualTo("[{\"sum\":3,\"count\":2,\"min\":1,\"max\":2,\"sumsqr\":5},"
                        + "{\"sum\":30,\"count\":2,\"min\":10,\"max\":20,\"sumsqr\":500}]");
    }

    @Test
    void should_count_what_they_describe_when_values_are_pre_aggregated_objects() {
        // when: extra fields are ignored
        Object partial = stats.reduce(values(
                "{\"sum\":10,\"count\":2,\"min\":3,\"max\":7,\"sumsqr\":58,\"extra\":\"x\"}", "4"));

        // then
        assertThat(text(stats.result(partial)))
                .isEqualTo("{\"sum\":14,\"count\":3,\"min\":3,\"max\":7,\"sumsqr\":74}");
    }

    @Test
    void should_combine_partials_when_rereducing() {
        // given
        Object left = stats.reduce(values("1", "2"));
        Object right = stats.reduce(values("-3"));

        // when
        Object combined = stats.rereduce(List.of(left, right));

        // then
        assertThat(text(stats.result(combined)))
                .isEqualTo("{\"sum\":0,\"count\":3,\"min\":-3,\"max\":2,\"sumsqr\":14}");
    }

    @Test
    void should_write_the_binary_as_bytes_when_the_first_value_is_a_string() {
        assertThat(failure("\"only\"", "1").body().toString()).isEqualTo(
                "{\"error\":\"invalid_value\",\"reason\":\"non-numeric _stats input: <<111,110,108,121>>\"}");
        assertThat(failure("true").reason()).isEqualTo("non-numeric _stats input: true");
        assertThat(failure("null").reason()).isEqualTo("non-numeric _stats input: null");
    }

    @Test
    void should_print_the_value_when_a_later_value_is_not_a_number() {
        assertThat(failure("1", "\"x\"").reason()).isEqualTo(NOT_NUMBERS + "<<\"x\">>'");
    }

    @Test
    void should_break_the_tuple_over_lines_when_a_number_follows_an_array() {
        // when: the number becomes {3,1,3,3,9}, printed with ~p from column 83, past the 80-column line
        String reason = failure("[1,2]", "3").reason();

        // then
        String indent = "\n" + " ".repeat(NOT_NUMBERS.length() + 1);
        assertThat(reason).isEqualTo(NOT_NUMBERS + "{3," + indent + "1," + indent + "3," + indent + "3," + indent + "9}'");
    }

    @Test
    void should_print_the_fields_when_a_pre_aggregated_object_misses_one() {
        assertThat(failure("{\"sum\":1,\"count\":1}").reason()).isEqualTo(
                "user _stats input missing required field min ([{<<\"sum\">>,1},{<<\"count\">>,1}])");
        String indent = "\n" + " ".repeat(50);
        assertThat(failure("1", "{\"sum\":1,\"count\":1,\"min\":1,\"max\":1}").reason()).isEqualTo(
                "user _stats input missing required field sumsqr ([{<<\"sum\">>,1}," + indent + "{<<\"count\">>,1},"
                        + indent + "{<<\"min\">>,1}," + indent + "{<<\"max\">>,1}])");
    }

    @Test
    void should_write_the_field_when_a_pre_aggregated_field_is_not_a_number() {
        assertThat(failure("{\"sum\":\"a\",\"count\":1,\"min\":1,\"max\":1,\"sumsqr\":1}").reason())
                .isEqualTo("non-numeric _stats input received for sum: <<97>>");
        assertThat(failure("{\"sum\":1,\"count\":[1],\"min\":1,\"max\":1,\"sumsqr\":1}").reason())
                .isEqualTo("non-numeric _stats input received for count: [1]");
    }

    @Test
    void should_crash_with_function_clause_when_arrays_differ_in_length() {
        // when
        BuiltinReduceException crash = failure("[1,2]", "[1,2,3]");

        // then: CouchDB's reason is a stack trace, not reproduced
        assertThat(crash.status()).isEqualTo(500);
        assertThat(crash.error()).isEqualTo("function_clause");
        assertThat(crash.indexBuildError()).isEqualTo("function_clause");
        assertThat(crash.reasonIsStackTrace()).isTrue();
    }

    private BuiltinReduceException failure(String... values) {
        BuiltinReduceException failure =
                catchThrowableOfType(() -> stats.reduce(values(values)), BuiltinReduceException.class);
        assertThat(failure).as("a failure").isNotNull();
        assertThat(failure.status()).isEqualTo(500);
        return failure;
    }

    private static BuiltinReducer stats() {
        try {
            return BuiltinReducers.forSource("_stats");
        } catch (InvalidReduceFunctionException e) {
            throw new AssertionError(e);
        }
    }
}
