package org.couchtck.kit.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MatchersTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper DECIMAL_JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private static MatchResult match(String spec, String actual) {
        return Matchers.compile(json(spec)).match(Optional.of(json(actual)));
    }

    private static MatchResult matchNoReply(String spec) {
        return Matchers.compile(json(spec)).match(Optional.empty());
    }

    @Test
    void should_match_when_values_are_equal_with_keys_in_another_order() {
        assertThat(match("{\"a\":[1,\"x\",null,true],\"b\":{}}", "{\"b\":{},\"a\":[1,\"x\",null,true]}")
                .matched()).isTrue();
    }

    @Test
    void should_point_into_the_actual_value_when_an_element_differs() {
        MatchResult result = match("[[[\"doc1\",1]],[]]", "[[[\"doc1\",2]],[]]");

        assertThat(result.matched()).isFalse();
        assertThat(result.pointer()).isEqualTo("/0/0/1");
        assertThat(result.message()).isEqualTo("expected 1, got 2");
    }

    @Test
    void should_compare_numbers_by_value_when_written_differently() {
        assertThat(match("1", "1.0").matched()).isTrue();
        assertThat(match("1.5e2", "150").matched()).isTrue();
        assertThat(match("0.30000000000000004", "0.30000000000000004").matched()).isTrue();
        assertThat(match("1", "\"1\"").matched()).isFalse();
    }

    @Test
    void should_compare_big_integers_exactly_when_beyond_double_precision() {
        assertThat(match("12345678901234567891", "12345678901234567891").matched()).isTrue();
        MatchResult result = match("12345678901234567891", "12345678901234567890");
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected 12345678901234567891, got 12345678901234567890");
    }

    @Test
    void should_match_decimal_nodes_against_double_nodes_by_value() throws JsonProcessingException {
        Matcher matcher = Matchers.compile(DECIMAL_JSON.readTree("[2.0, 1e21]"));

        assertThat(matcher.match(Optional.of(JSON.readTree("[2, 1e+21]"))).matched()).isTrue();
    }

    @Test
    void should_equate_decimals_that_denote_the_same_double() throws JsonProcessingException {
        Matcher matcher = Matchers.compile(DECIMAL_JSON.readTree("5e-324"));

        assertThat(matcher.match(Optional.of(JSON.readTree("4.9e-324"))).matched()).isTrue();
        assertThat(match("9007199254740993", "9007199254740992").matched()).isFalse();
        assertThat(match("0.1", "0.10000000000000002").matched()).isFalse();
    }

    @Test
    void should_report_the_lengths_when_an_array_has_another_length() {
        MatchResult result = match("[1,2]", "[1,2,3]");

        assertThat(result.pointer()).isEmpty();
        assertThat(result.message()).isEqualTo("expected 2 elements, got 3: [1,2,3]");
    }

    @Test
    void should_name_the_missing_key_when_an_object_lacks_one() {
        MatchResult result = match("{\"a\":{\"b\":1,\"c\":2}}", "{\"a\":{\"b\":1}}");

        assertThat(result.pointer()).isEqualTo("/a");
        assertThat(result.message()).isEqualTo("missing key \"c\" in {\"b\":1}");
    }

    @Test
    void should_point_at_the_extra_key_when_an_object_has_one_more() {
        MatchResult result = match("{\"a\":1}", "{\"a\":1,\"x/y\":2}");

        assertThat(result.pointer()).isEqualTo("/x~1y");
        assertThat(result.message()).isEqualTo("unexpected key \"x/y\"");
    }

    @Test
    void should_fail_with_no_reply_when_a_literal_gets_nothing() {
        MatchResult result = matchNoReply("true");

        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected true, got no reply");
    }

    @Test
    void should_not_equate_null_with_a_missing_reply() {
        assertThat(matchNoReply("null").matched()).isFalse();
        assertThat(match("null", "null").matched()).isTrue();
    }

    @Test
    void should_match_anything_including_no_reply_when_any() {
        assertThat(match("{\"$any\":true}", "[1]").matched()).isTrue();
        assertThat(matchNoReply("{\"$any\":true}").matched()).isTrue();
        assertThat(Matchers.any().match(Optional.empty()).matched()).isTrue();
        assertThat(Matchers.any().spec().toString()).isEqualTo("{\"$any\":true}");
    }

    @Test
    void should_match_an_error_reply_by_id_and_reason_when_error() {
        assertThat(match("{\"$error\":{\"id\":\"not_found\",\"reason\":\"missing function\"}}",
                "[\"error\",\"not_found\",\"missing function\"]").matched()).isTrue();
        assertThat(match("{\"$error\":{}}", "[\"error\",\"TypeError\",{}]").matched()).isTrue();
    }

    @Test
    void should_point_at_the_id_when_the_error_id_differs() {
        MatchResult result = match("{\"$error\":{\"id\":\"not_found\"}}", "[\"error\",\"compilation_error\",\"x\"]");

        assertThat(result.pointer()).isEqualTo("/1");
        assertThat(result.message()).isEqualTo("expected \"not_found\", got \"compilation_error\"");
    }

    @Test
    void should_point_at_the_reason_when_the_error_reason_differs() {
        MatchResult result = match("{\"$error\":{\"reason\":{\"$startsWith\":\"Expression\"}}}",
                "[\"error\",\"compilation_error\",\"SyntaxError\"]");

        assertThat(result.pointer()).isEqualTo("/2");
        assertThat(result.message()).isEqualTo("expected a string starting with \"Expression\", got \"SyntaxError\"");
    }

    @Test
    void should_reject_a_non_error_reply_when_error_expected() {
        MatchResult result = match("{\"$error\":{}}", "[[[\"a\",1]]]");

        assertThat(result.pointer()).isEmpty();
        assertThat(result.message()).isEqualTo("expected [\"error\", id, reason], got [[[\"a\",1]]]");
        assertThat(match("{\"$error\":{}}", "[\"error\",\"a\"]").matched()).isFalse();
    }

    @Test
    void should_match_a_fatal_reply_only_when_fatal() {
        assertThat(match("{\"$fatal\":{\"id\":\"x\"}}", "[\"fatal\",\"x\",\"y\"]").matched()).isTrue();
        MatchResult result = match("{\"$fatal\":{\"id\":\"x\"}}", "[\"error\",\"x\",\"y\"]");
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected [\"fatal\", id, reason], got [\"error\",\"x\",\"y\"]");
    }

    @Test
    void should_match_prefixes_when_starts_with() {
        assertThat(match("{\"$startsWith\":\"function raised\"}", "\"function raised exception x\"").matched())
                .isTrue();
        MatchResult result = match("{\"$startsWith\":\"function raised\"}", "42");
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected a string starting with \"function raised\", got 42");
    }

    @Test
    void should_match_substrings_when_contains() {
        assertThat(match("{\"$contains\":\"doc1\"}", "\"with doc._id doc1\"").matched()).isTrue();
        MatchResult result = match("{\"$contains\":\"doc1\"}", "\"with doc._id doc2\"");
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected a string containing \"doc1\", got \"with doc._id doc2\"");
    }

    @Test
    void should_match_the_whole_string_when_regex() {
        assertThat(match("{\"$regex\":\"input size: \\\\d+\"}", "\"input size: 31\"").matched()).isTrue();
        assertThat(match("{\"$regex\":\"a.c\"}", "\"a\\nc\"").matched()).isTrue();
        MatchResult result = match("{\"$regex\":\"size\"}", "\"input size: 31\"");
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected a string matching /size/, got \"input size: 31\"");
    }

    @Test
    void should_accept_no_reply_when_one_of_allows_it() {
        String spec = "{\"$oneOf\":[{\"$error\":{}},{\"$noreply\":true}]}";

        assertThat(matchNoReply(spec).matched()).isTrue();
        assertThat(match(spec, "[\"error\",\"timeout\",\"x\"]").matched()).isTrue();
        MatchResult result = match(spec, "true");
        assertThat(result.matched()).isFalse();
        assertThat(result.pointer()).isEmpty();
        assertThat(result.message()).isEqualTo("none of 2 alternatives matched: expected [\"error\", id, reason], "
                + "got true | expected no reply, got true");
    }

    @Test
    void should_match_exit_statuses_when_one_of_numbers() {
        assertThat(match("{\"$oneOf\":[0,255]}", "255").matched()).isTrue();
        assertThat(match("{\"$oneOf\":[0,255]}", "1").matched()).isFalse();
    }

    @Test
    void should_match_in_any_order_when_unordered() {
        assertThat(match("{\"$unordered\":[{\"$startsWith\":\"a\"},\"ab\"]}", "[\"ab\",\"ac\"]").matched())
                .isTrue();
    }

    @Test
    void should_point_at_the_element_nothing_matches_when_unordered() {
        MatchResult result = match("{\"$unordered\":[1,2,3]}", "[3,4,1]");

        assertThat(result.pointer()).isEqualTo("/1");
        assertThat(result.message()).isEqualTo("no expected element matches 4");
    }

    @Test
    void should_fail_when_unordered_elements_cannot_be_paired_one_to_one() {
        MatchResult result = match("{\"$unordered\":[1,{\"$type\":\"number\"}]}", "[1,1]");

        assertThat(result.matched()).isTrue();
        MatchResult twice = match("{\"$unordered\":[1,2]}", "[1,1]");
        assertThat(twice.matched()).isFalse();
        assertThat(twice.pointer()).isEmpty();
        MatchResult ambiguous = match("{\"$unordered\":[{\"$type\":\"number\"},2]}", "[1,1]");
        assertThat(ambiguous.matched()).isFalse();
        assertThat(ambiguous.message()).isEqualTo(
                "the elements cannot be paired one to one with the expected ones: [1,1]");
    }

    @Test
    void should_match_within_tolerance_when_approx() {
        assertThat(match("{\"$approx\":{\"value\":1.5,\"within\":0.01}}", "1.505").matched()).isTrue();
        MatchResult result = match("{\"$approx\":{\"value\":1.5,\"within\":0.01}}", "1.6");
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected 1.5 \u00b1 0.01, got 1.6");
    }

    @Test
    void should_check_json_types_when_type() {
        assertThat(match("{\"$type\":\"integer\"}", "3.0").matched()).isTrue();
        assertThat(match("{\"$type\":\"object\"}", "{}").matched()).isTrue();
        assertThat(match("{\"$type\":\"null\"}", "null").matched()).isTrue();
        MatchResult result = match("{\"$type\":\"integer\"}", "3.5");
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected a value of type integer, got 3.5");
    }

    @Test
    void should_reject_a_reply_when_noreply_expected() {
        assertThat(matchNoReply("{\"$noreply\":true}").matched()).isTrue();
        MatchResult result = match("{\"$noreply\":true}", "true");
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected no reply, got true");
    }

    @Test
    void should_match_operator_lookalikes_exactly_when_literal() {
        Matcher matcher = Matchers.compile(json("{\"$literal\":{\"$any\":true}}"));

        assertThat(matcher.match(Optional.of(json("{\"$any\":true}"))).matched()).isTrue();
        MatchResult result = matcher.match(Optional.of(json("5")));
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected an object, got 5");
        assertThat(matcher.spec()).isEqualTo(json("{\"$literal\":{\"$any\":true}}"));
    }

    @Test
    void should_apply_operators_nested_inside_literals() {
        MatchResult result = match("[[[\"doc1\",{\"$type\":\"number\"}]],[]]", "[[[\"doc1\",\"x\"]],[]]");

        assertThat(result.pointer()).isEqualTo("/0/0/1");
        assertThat(result.message()).isEqualTo("expected a value of type number, got \"x\"");
    }

    private MatcherSyntaxException syntaxError(String spec) {
        try {
            Matchers.compile(json(spec));
        } catch (MatcherSyntaxException e) {
            return e;
        }
        throw new AssertionError("no syntax error for " + spec);
    }

    @Test
    void should_reject_an_unknown_operator_with_its_pointer() {
        MatcherSyntaxException e = syntaxError("[1,{\"$eror\":{}}]");

        assertThat(e.pointer()).isEqualTo("/1/$eror");
        assertThat(e.getMessage()).isEqualTo("unknown matcher $eror");
    }

    @Test
    void should_reject_objects_mixing_operators_and_keys() {
        MatcherSyntaxException e = syntaxError("{\"a\":{\"$any\":true,\"b\":1}}");

        assertThat(e.pointer()).isEqualTo("/a/$any");
    }

    @Test
    void should_reject_unknown_fields_of_error() {
        MatcherSyntaxException e = syntaxError("{\"$error\":{\"id\":\"x\",\"reson\":\"y\"}}");

        assertThat(e.pointer()).isEqualTo("/$error/reson");
    }

    @Test
    void should_reject_bad_arguments() {
        assertThat(syntaxError("{\"$regex\":\"(\"}").pointer()).isEqualTo("/$regex");
        assertThat(syntaxError("{\"$oneOf\":[]}").getMessage()).isEqualTo("$oneOf needs at least one alternative");
        assertThat(syntaxError("{\"$type\":\"str\"}").pointer()).isEqualTo("/$type");
        assertThat(syntaxError("{\"$noreply\":false}").getMessage()).isEqualTo("expected true");
        assertThat(syntaxError("{\"$approx\":{\"value\":1}}").pointer()).isEqualTo("/$approx/within");
        assertThat(syntaxError("{\"$startsWith\":1}").getMessage()).isEqualTo("expected a string");
        assertThat(syntaxError("{\"$oneOf\":[1,{\"$x\":1}]}").pointer()).isEqualTo("/$oneOf/1/$x");
    }

    @Test
    void should_keep_the_spec_it_was_compiled_from() {
        JsonNode spec = json("{\"$error\":{\"id\":\"x\"}}");

        assertThat(Matchers.compile(spec).spec()).isSameAs(spec);
    }

    @Test
    void should_reject_a_missing_spec() {
        assertThatThrownBy(() -> Matchers.compile(json("{}").path("nope")))
                .isInstanceOf(MatcherSyntaxException.class);
    }

    @Test
    void should_match_json_text_whatever_its_key_order_and_spacing() {
        assertThat(match("{\"$json\": {\"total_rows\": 3, \"offset\": 0}}", "\"{\\\"offset\\\": 0, \\\"total_rows\\\":3}\"")
                .matched()).isTrue();
    }

    @Test
    void should_refuse_json_text_with_another_value_or_no_json_at_all() {
        MatchResult other = match("{\"$json\": {\"total_rows\": 3}}", "\"{\\\"total_rows\\\":4}\"");
        MatchResult garbage = match("{\"$json\": {\"total_rows\": 3}}", "\"total_rows=3\"");
        MatchResult notText = match("{\"$json\": {\"total_rows\": 3}}", "{\"total_rows\": 3}");

        assertThat(other.matched()).isFalse();
        assertThat(other.message()).startsWith("in the JSON text: ");
        assertThat(garbage.matched()).isFalse();
        assertThat(garbage.message()).startsWith("expected a string of JSON text");
        assertThat(notText.matched()).isFalse();
    }

    @Test
    void should_match_an_object_with_at_least_the_given_fields_when_fields_is_used() {
        MatchResult more = match("{\"$fields\": {\"a\": 1, \"b\": {\"$type\": \"string\"}}}",
                "{\"a\": 1, \"b\": \"x\", \"c\": [true]}");
        MatchResult missing = match("{\"$fields\": {\"a\": 1, \"b\": 2}}", "{\"a\": 1, \"c\": 2}");
        MatchResult wrong = match("{\"$fields\": {\"a\": 1}}", "{\"a\": 2, \"c\": 2}");
        MatchResult allowedMissing = match("{\"$fields\": {\"a\": {\"$absent\": true}}}", "{\"c\": 2}");

        assertThat(more.matched()).isTrue();
        assertThat(missing.matched()).isFalse();
        assertThat(missing.message()).contains("missing key \"b\"");
        assertThat(wrong.matched()).isFalse();
        assertThat(wrong.pointer()).isEqualTo("/a");
        assertThat(allowedMissing.matched()).isTrue();
        assertThat(match("{\"$fields\": {}}", "[]").matched()).isFalse();
    }

    @Test
    void should_refuse_fields_whose_argument_is_not_an_object() {
        MatcherSyntaxException e = syntaxError("{\"$fields\": [1]}");

        assertThat(e.getMessage()).contains("expected an object of member matchers");
    }

    @Test
    void aMemberOfAnotherShapeIsTheMismatchReportedAndMarkedAsOfShape() {
        MatchResult result = match("{\"name\":\"d\",\"view_index\":{\"update_seq\":5}}",
                "{\"view_index\":\"Not implemented.\"}");

        assertThat(result.matched()).isFalse();
        assertThat(result.shape()).isTrue();
        assertThat(result.pointer()).isEqualTo("/view_index");
        assertThat(result.message()).isEqualTo("expected an object, got \"Not implemented.\"");
        assertThat(match("{\"a\":{\"b\":1}}", "{\"a\":{\"b\":2}}").shape()).isFalse();
        assertThat(match("{\"a\":1}", "{}").shape()).isFalse();
    }
}
