package org.couchtck.kit.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AbsentMatcherTest {

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
    void should_match_a_missing_value_when_nothing_is_there() {
        // given
        Matcher absent = Matchers.compile(json("{\"$absent\": true}"));

        // when
        MatchResult result = absent.match(Optional.empty());

        // then
        assertThat(result.matched()).isTrue();
    }

    @Test
    void should_refuse_any_value_when_absence_is_expected() {
        // given
        Matcher absent = Matchers.compile(json("{\"$absent\": true}"));

        // when
        MatchResult result = absent.match(Optional.of(json("null")));

        // then
        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected no value (absent), got null");
    }

    @Test
    void should_match_an_object_without_the_key_when_a_member_is_absent() {
        assertThat(match("{\"ok\": true, \"error\": {\"$absent\": true}}", "{\"ok\": true}").matched()).isTrue();
    }

    @Test
    void should_point_at_the_key_when_an_absent_member_is_present() {
        // when
        MatchResult result = match("{\"ok\": true, \"error\": {\"$absent\": true}}", "{\"ok\": true, \"error\": \"x\"}");

        // then
        assertThat(result.matched()).isFalse();
        assertThat(result.pointer()).isEqualTo("/error");
        assertThat(result.message()).isEqualTo("expected no value (absent), got \"x\"");
    }

    @Test
    void should_allow_a_missing_key_when_one_of_the_alternatives_is_absent() {
        String spec = "{\"deleted\": {\"$oneOf\": [{\"$absent\": true}, false]}}";

        assertThat(match(spec, "{}").matched()).isTrue();
        assertThat(match(spec, "{\"deleted\": false}").matched()).isTrue();
        assertThat(match(spec, "{\"deleted\": true}").matched()).isFalse();
    }

    @Test
    void should_still_require_the_key_when_the_member_matcher_is_any() {
        MatchResult result = match("{\"a\": {\"$any\": true}}", "{}");

        assertThat(result.matched()).isFalse();
        assertThat(result.message()).startsWith("missing key \"a\"");
    }

    @Test
    void should_reject_the_spec_when_the_argument_is_not_true() {
        assertThatThrownBy(() -> Matchers.compile(json("{\"x\": {\"$absent\": false}}")))
                .isInstanceOf(MatcherSyntaxException.class)
                .hasMessage("expected true")
                .satisfies(e -> assertThat(((MatcherSyntaxException) e).pointer()).isEqualTo("/x/$absent"));
    }
}
