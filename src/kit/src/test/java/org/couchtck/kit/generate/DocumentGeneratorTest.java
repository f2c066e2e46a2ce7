package org.couchtck.kit.generate;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.Test;

class DocumentGeneratorTest {

    private static String wire(long seed) {
        return WireJson.write(DocumentGenerator.document(Choices.random(seed)));
    }

    @Test
    void should_give_an_empty_document_when_every_choice_is_zero() {
        // when
        String doc = WireJson.write(DocumentGenerator.document(Choices.replay(List.of())));

        // then
        assertThat(doc).isEqualTo("{}");
    }

    @Test
    void should_write_raw_numbers_exactly_as_spelled() {
        // given: _id absent, one field "a" holding the first trouble number, -0.0
        List<Long> choices = List.of(0L, 99L, 0L, 0L, 4L, 0L);

        // when
        String doc = WireJson.write(DocumentGenerator.document(Choices.replay(choices)));

        // then
        assertThat(doc).isEqualTo("{\"a\":-0.0}");
    }

    @Test
    void should_generate_the_same_document_when_the_seed_is_the_same() {
        assertThat(wire(123)).isEqualTo(wire(123));
        assertThatJson(wire(123)).isObject();
    }

    @Test
    void should_reach_every_kind_of_trouble_value_over_many_seeds() {
        // given
        StringBuilder all = new StringBuilder();

        // when
        for (long seed = 0; seed < 3000; seed++) {
            all.append(wire(seed)).append('\n');
        }

        // then
        assertThat(all.toString())
                .contains("-0.0", "9007199254740993", "9007199254740991", "1e300", "12345678901234567890123")
                .contains("\\ud800", "\\udc00", "\u2028", "\uD83D\uDE00", "\"\":", "\"odd key\":")
                .contains("{\"d\":[{\"d\":[{\"d\":[{\"d\":[")
                .containsPattern("a{5000}");
    }

    @Test
    void should_keep_lone_surrogates_out_of_made_up_keys() {
        assertThat(DocumentGenerator.KEY_STRINGS).noneMatch(DocumentGenerator::hasLoneSurrogate)
                .contains("\uD83D\uDE00", "\u2028");
        assertThat(DocumentGenerator.hasLoneSurrogate("a\uDBFF")).isTrue();
        assertThat(DocumentGenerator.hasLoneSurrogate("\uDBFF\uDFFF")).isFalse();
    }
}
