package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.Test;

class NumberModeTest {

    private static JsonNode json(String text) {
        try {
            return WireJson.parse(text);
        } catch (MalformedLineException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void should_tell_integers_beyond_two_to_the_53_apart_when_exact() {
        assertThat(NumberMode.EXACT.equal(json("[9007199254740993]"), json("[9007199254740992]"))).isFalse();
        assertThat(NumberMode.IEEE_DOUBLE.equal(json("[9007199254740993]"), json("[9007199254740992]"))).isTrue();
    }

    @Test
    void should_compare_numbers_by_value_in_both_modes() {
        for (NumberMode mode : NumberMode.values()) {
            assertThat(mode.equal(json("1"), json("1.0"))).isTrue();
            assertThat(mode.equal(json("-0.0"), json("0"))).isTrue();
            assertThat(mode.equal(json("1e300"), json("1.0e300"))).isTrue();
            assertThat(mode.equal(json("0.1"), json("0.10000000000000001"))).isTrue();
            assertThat(mode.equal(json("1.5"), json("2.5"))).isFalse();
        }
    }

    @Test
    void should_ignore_key_order_but_not_array_order_or_types() {
        assertThat(NumberMode.EXACT.equal(json("{\"a\":1,\"b\":[1,2]}"), json("{\"b\":[1,2],\"a\":1}"))).isTrue();
        assertThat(NumberMode.EXACT.equal(json("[1,2]"), json("[2,1]"))).isFalse();
        assertThat(NumberMode.EXACT.equal(json("[1]"), json("[1,1]"))).isFalse();
        assertThat(NumberMode.EXACT.equal(json("\"1\""), json("1"))).isFalse();
        assertThat(NumberMode.EXACT.equal(json("{\"a\":1}"), json("{\"b\":1}"))).isFalse();
    }

    @Test
    void should_parse_mode_names_leniently_and_refuse_unknown_ones() {
        assertThat(NumberMode.parse("ieee-double")).isEqualTo(NumberMode.IEEE_DOUBLE);
        assertThat(NumberMode.parse("Exact")).isEqualTo(NumberMode.EXACT);
        assertThatThrownBy(() -> NumberMode.parse("decimal")).hasMessageContaining("decimal");
    }
}
