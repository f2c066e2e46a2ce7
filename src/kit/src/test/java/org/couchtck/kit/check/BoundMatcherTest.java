package org.couchtck.kit.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BoundMatcherTest {

    private static final ObjectMapper JSON = new ObjectMapper();

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

    @Test
    void should_match_numbers_from_the_bound_up_when_at_least() {
        assertThat(match("{\"$atLeast\": 2}", "2").matched()).isTrue();
        assertThat(match("{\"$atLeast\": 2}", "2.0").matched()).isTrue();
        assertThat(match("{\"$atLeast\": 2}", "1e3").matched()).isTrue();
        assertThat(match("{\"$atLeast\": 2}", "1.999").matched()).isFalse();
    }

    @Test
    void should_match_numbers_from_the_bound_down_when_at_most() {
        assertThat(match("{\"$atMost\": 2.5}", "2.5").matched()).isTrue();
        assertThat(match("{\"$atMost\": 2.5}", "-7").matched()).isTrue();
        assertThat(match("{\"$atMost\": 2.5}", "3").matched()).isFalse();
    }

    @Test
    void should_say_the_bound_when_a_number_is_below_it() {
        MatchResult result = match("{\"heartbeats\": {\"$atLeast\": 3}}", "{\"heartbeats\": 1}");

        assertThat(result.matched()).isFalse();
        assertThat(result.pointer()).isEqualTo("/heartbeats");
        assertThat(result.message()).isEqualTo("expected a number >= 3, got 1");
    }

    @Test
    void should_refuse_what_is_not_a_number_when_a_bound_is_given() {
        assertThat(match("{\"$atLeast\": 0}", "\"5\"").matched()).isFalse();
        assertThat(match("{\"$atMost\": 10}", "null").matched()).isFalse();
        assertThat(Matchers.compile(json("{\"$atMost\": 10}")).match(Optional.empty()).matched()).isFalse();
    }

    @Test
    void should_compare_exactly_when_numbers_are_beyond_double_precision() {
        assertThat(match("{\"$atLeast\": 9007199254740993}", "9007199254740992").matched()).isFalse();
        assertThat(match("{\"$atLeast\": 9007199254740993}", "9007199254740993").matched()).isTrue();
    }

    @Test
    void should_reject_the_spec_when_the_bound_is_not_a_number() {
        assertThatThrownBy(() -> Matchers.compile(json("[{\"$atLeast\": \"3\"}]")))
                .isInstanceOf(MatcherSyntaxException.class)
                .hasMessage("expected a number")
                .satisfies(e -> assertThat(((MatcherSyntaxException) e).pointer()).isEqualTo("/0/$atLeast"));
    }
}
