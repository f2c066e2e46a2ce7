package org.couchtck.kit.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JiffyDoublesTest {

    @ParameterizedTest
    @CsvSource({
        "2.0, 2.0",
        "1.0, 1.0",
        "-3.0, -3.0",
        "0.5, 0.5",
        "100.25, 100.25",
        "1.0E15, 1000000000000000.0",
        "1.0E20, 100000000000000000000.0",
        "1.0E21, 1e+21",
        "-1.0E21, -1e+21",
        "1.0E-6, 0.000001",
        "1.0E-7, 1e-7",
        "1.234E-10, 1.234e-10",
        "4.9E-324, 5e-324",
        "0.1, 0.1",
        "0.30000000000000004, 0.30000000000000004"
    })
    void should_format_like_couchdb_json_encoder(double value, String expected) {
        assertThat(JiffyDoubles.format(value)).isEqualTo(expected);
    }

    @Test
    void should_write_negative_zero_as_zero() {
        assertThat(JiffyDoubles.format(-0.0)).isEqualTo("0.0");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.1, 1.0 / 3, 2.0 / 3, 123456.789, 9007199254740993.0, 1e-300, 6.02214076e23, Math.PI})
    void should_read_back_as_the_same_double(double value) {
        assertThat(Double.parseDouble(JiffyDoubles.format(value))).isEqualTo(value);
    }

    @Test
    void should_use_the_fewest_digits_where_java_17_prints_more() {
        // Java 17's Double.toString gives 2.82879384806159008E17, 9.999999999999999E22 and 4.9E-324 for these.
        assertThat(JiffyDoubles.format(2.82879384806159E17)).isEqualTo("282879384806159000.0");
        assertThat(JiffyDoubles.format(1.0E23)).isEqualTo("1e+23");
        assertThat(JiffyDoubles.format(Double.MIN_VALUE)).isEqualTo("5e-324");
    }

    @Test
    void should_refuse_values_json_cannot_hold() {
        assertThatThrownBy(() -> JiffyDoubles.format(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> JiffyDoubles.format(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
