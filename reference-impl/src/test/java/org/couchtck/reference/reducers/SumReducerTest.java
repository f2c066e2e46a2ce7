package org.couchtck.reference.reducers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.couchtck.reference.reducers.Rows.json;
import static org.couchtck.reference.reducers.Rows.text;
import static org.couchtck.reference.reducers.Rows.values;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SumReducerTest {

    private static final String SUM_ERROR = "The _sum function requires that map values be numbers, arrays of "
            + "numbers, or objects. Objects cannot be mixed with other data structures. Objects can be arbitrarily "
            + "nested, provided that the values for all fields are themselves numbers, arrays of numbers, or objects.";

    private final BuiltinReducer sum = reducer(ReducerOptions.defaults());

    @Test
    void should_keep_an_integer_when_all_values_are_integers() {
        // when
        JsonNode result = sum.result(sum.reduce(values("1", "2", "-10")));

        // then
        assertThat(result.isInt()).isTrue();
        assertThat(result.intValue()).isEqualTo(-7);
    }

    @Test
    void should_go_on_exactly_when_the_sum_outgrows_a_long() {
        // when
        JsonNode result = sum.result(sum.reduce(values(Long.toString(Long.MAX_VALUE), "1", "1")));

        // then
        assertThat(result.isBigInteger()).isTrue();
        assertThat(result.bigIntegerValue()).isEqualTo(BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.TWO));
    }

    @Test
    void should_give_a_float_when_a_float_is_among_the_values() {
        // when
        JsonNode result = sum.result(sum.reduce(values("1", "0.5", "2")));

        // then
        assertThat(result.isDouble()).isTrue();
        assertThat(result.doubleValue()).isEqualTo(3.5);
    }

    @Test
    void should_give_the_integer_0_when_there_are_no_rows() {
        assertThat(text(sum.result(sum.reduce(List.of())))).isEqualTo("0");
    }

    @Test
    void should_add_element_wise_and_pad_when_arrays_differ_in_length() {
        // when: a number counts as a one-element array
        JsonNode result = sum.result(sum.reduce(values("[1,2,3]", "[10]", "[]", "5")));

        // then
        assertThat(text(result)).isEqualTo("[16,2,3]");
    }

    @Test
    void should_add_fields_and_sort_them_when_objects_are_summed() {
        // when
        JsonNode result = sum.result(sum.reduce(values("{\"x\":1,\"y\":{\"z\":2}}", "{\"y\":{\"z\":5,\"q\":1},\"b\":[1]}")));

        // then: CouchDB merges lists of fields sorted by name
        assertThat(text(result)).isEqualTo("{\"b\":[1],\"x\":1,\"y\":{\"q\":1,\"z\":7}}");
    }

    @Test
    void should_keep_an_object_as_it_is_when_it_is_the_only_value() {
        assertThat(text(sum.result(sum.reduce(values("{\"z\":1,\"a\":2}"))))).isEqualTo("{\"z\":1,\"a\":2}");
    }

    @Test
    void should_take_an_object_as_the_sum_when_the_numbers_before_it_add_up_to_integer_0() {
        // when: CouchDB matches the accumulator against the start value 0
        JsonNode result = sum.result(sum.reduce(values("1", "-1", "{\"a\":1}")));

        // then
        assertThat(text(result)).isEqualTo("{\"a\":1}");
    }

    @Test
    void should_name_the_value_when_a_string_cannot_be_added() {
        // when
        JsonNode result = sum.result(sum.reduce(values("1", "\"a\"", "\"b\"")));

        // then: the first bad value ends the sum, shown as the row's value
        assertThat(text(result)).isEqualTo(errorValue("\"a\""));
    }

    @Test
    void should_name_the_rest_of_the_sum_when_an_array_holds_a_non_number() {
        // when: the accumulated [2,3] meets [1,"x"]
        JsonNode result = sum.result(sum.reduce(values("[2,3]", "[1,\"x\"]")));

        // then: CouchDB names the rest of the accumulated array from the bad position
        assertThat(text(result)).isEqualTo(errorValue("[3]"));
    }

    @Test
    void should_name_the_value_when_booleans_null_or_a_number_after_an_object_come() {
        assertThat(text(sum.result(sum.reduce(values("true"))))).isEqualTo(errorValue("true"));
        assertThat(text(sum.result(sum.reduce(values("null"))))).isEqualTo(errorValue("null"));
        assertThat(text(sum.result(sum.reduce(values("{\"x\":1}", "2"))))).isEqualTo(errorValue("2"));
        assertThat(text(sum.result(sum.reduce(values("{\"x\":1}", "{\"x\":\"s\"}"))))).isEqualTo(errorValue("\"s\""));
    }

    @Test
    void should_crash_with_case_clause_when_an_object_follows_a_number() {
        // when
        BuiltinReduceException crash = catchThrowableOfType(() -> sum.reduce(values("2", "{\"x\":1}")), BuiltinReduceException.class);

        // then: as CouchDB answers a query; built into the index, the error is the crash term
        assertThat(crash.status()).isEqualTo(500);
        assertThat(text(crash.body())).isEqualTo("{\"error\":\"case_clause\",\"reason\":\"2\"}");
        assertThat(crash.indexBuildError()).isEqualTo("{case_clause,2}");
        assertThat(crash.reasonIsStackTrace()).isFalse();
    }

    @Test
    void should_print_the_array_as_bytes_when_an_object_follows_an_array() {
        // when
        BuiltinReduceException crash = catchThrowableOfType(() -> sum.reduce(values("[1,2]", "{\"x\":1}")), BuiltinReduceException.class);

        // then: couch_util:to_binary turns the list [1,2] into the bytes 1, 2
        assertThat(crash.reason()).isEqualTo("\u0001\u0002");
        assertThat(crash.indexBuildError()).isEqualTo("{case_clause,[1,2]}");
    }

    @Test
    void should_carry_an_error_on_when_a_partial_already_failed() {
        // given
        Object good = sum.reduce(values("1"));
        Object bad = sum.reduce(values("\"s\""));

        // when
        JsonNode result = sum.result(sum.rereduce(List.of(good, bad, good)));

        // then
        assertThat(text(result)).isEqualTo(errorValue("\"s\""));
    }

    @Test
    void should_fail_the_reduction_when_the_output_does_not_shrink_under_reduce_limit() {
        // given: two partials of 150 distinct fields each, 300 fields (5709 bytes) from 5737 bytes of input
        List<Object> partials = List.of(sum.reduce(distinctFields(0, 150)), sum.reduce(distinctFields(150, 150)));

        // when
        JsonNode result = sum.result(sum.rereduce(partials));

        // then
        assertThat(text(result)).isEqualTo("{\"error\":\"builtin_reduce_error\",\"reason\":\"Reduce output must "
                + "shrink more rapidly: input size: 5737 output size: 5709 context: \"}");
    }

    @Test
    void should_keep_the_sum_when_reduce_limit_is_log_or_false() {
        // given
        List<Object> partials = List.of(sum.reduce(distinctFields(0, 150)), sum.reduce(distinctFields(150, 150)));

        // when
        for (ReduceLimit limit : List.of(ReduceLimit.LOG, ReduceLimit.FALSE)) {
            BuiltinReducer lenient = reducer(ReducerOptions.defaults().withReduceLimit(limit));
            JsonNode result = lenient.result(lenient.rereduce(partials));

            // then
            assertThat(result.size()).as("%s", limit).isEqualTo(300);
        }
    }

    @Test
    void should_pass_when_the_output_is_within_the_threshold_or_shrinks_by_the_ratio() {
        // given
        List<Object> partials = List.of(sum.reduce(distinctFields(0, 150)), sum.reduce(distinctFields(150, 150)));

        // when / then: a threshold above the output size, or a ratio under input/output
        BuiltinReducer highThreshold = reducer(ReducerOptions.defaults().withReduceLimitThreshold(5709));
        assertThat(highThreshold.result(highThreshold.rereduce(partials)).size()).isEqualTo(300);
        BuiltinReducer lowRatio = reducer(ReducerOptions.defaults().withReduceLimitRatio(1.0));
        assertThat(lowRatio.result(lowRatio.rereduce(partials)).size()).isEqualTo(300);
        BuiltinReducer lowThreshold = reducer(ReducerOptions.defaults().withReduceLimitThreshold(5708));
        assertThat(lowThreshold.result(lowThreshold.rereduce(partials)).has("error")).isTrue();
    }

    @Test
    void should_read_reduce_limit_as_couchdb_does_when_given_config_text() {
        assertThat(ReduceLimit.fromConfig("true")).isEqualTo(ReduceLimit.TRUE);
        assertThat(ReduceLimit.fromConfig("log")).isEqualTo(ReduceLimit.LOG);
        assertThat(ReduceLimit.fromConfig("false")).isEqualTo(ReduceLimit.FALSE);
        assertThat(ReduceLimit.fromConfig("TRUE")).isEqualTo(ReduceLimit.FALSE);
        assertThat(ReduceLimit.fromConfig(null)).isEqualTo(ReduceLimit.TRUE);
    }

    private static List<KeyValue> distinctFields(int from, int count) {
        List<KeyValue> rows = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            rows.add(new KeyValue(json("\"k\""), String.format("d%04d", i), json(String.format("{\"field_%04d\":1}", i))));
        }
        return rows;
    }

    private static String errorValue(String causedBy) {
        return "{\"error\":\"builtin_reduce_error\",\"reason\":\"" + SUM_ERROR + "\",\"caused_by\":" + causedBy + "}";
    }

    private static BuiltinReducer reducer(ReducerOptions options) {
        try {
            return BuiltinReducers.forSource("_sum", options);
        } catch (InvalidReduceFunctionException e) {
            throw new AssertionError(e);
        }
    }
}
