package org.couchtck.kit.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SeqMatcherTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private static MatchResult match(String actual) {
        return Matchers.compile(json("{\"$seq\": true}")).match(Optional.of(json(actual)));
    }

    @Test
    void should_match_an_opaque_string_when_couchdb_writes_the_seq() {
        assertThat(match("\"3-g1AAAABPeJzLYWBgYMxgTmEQTM4vTc5ISXIwNDLXMwBCwxygFFMiQx4Lw38gyMpgTmTOBQqxG1gamySnGmDTkgUAFYQUeQ\"")
                .matched()).isTrue();
        assertThat(match("\"now\"").matched()).isTrue();
    }

    @Test
    void should_match_a_non_negative_integer_when_pouchdb_writes_the_seq() {
        assertThat(match("0").matched()).isTrue();
        assertThat(match("42").matched()).isTrue();
        assertThat(match("42.0").matched()).isTrue();
    }

    @Test
    void should_refuse_negative_fractional_and_other_values() {
        assertThat(match("-1").matched()).isFalse();
        assertThat(match("1.5").matched()).isFalse();
        assertThat(match("null").matched()).isFalse();
        assertThat(match("[1, \"x\"]").matched()).isFalse();
        MatchResult result = match("{}");
        assertThat(result.message()).isEqualTo("expected an update sequence (a string or a non-negative integer), "
                + "got {}");
    }

    @Test
    void should_refuse_no_value_when_a_seq_is_expected() {
        assertThat(Matchers.compile(json("{\"$seq\": true}")).match(Optional.empty()).matched()).isFalse();
    }

    @Test
    void should_reject_the_spec_when_the_argument_is_not_true() {
        assertThatThrownBy(() -> Matchers.compile(json("{\"$seq\": \"yes\"}")))
                .isInstanceOf(MatcherSyntaxException.class)
                .hasMessage("expected true");
    }
}
