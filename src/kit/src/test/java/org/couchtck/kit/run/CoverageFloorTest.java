package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.couchtck.kit.report.Matrix;
import org.junit.jupiter.api.Test;

class CoverageFloorTest {

    @Test
    void a_number_asks_that_many_applicable_must_cases() {
        CoverageFloor floor = CoverageFloor.parse("80");

        assertThat(floor.shortfall(new Matrix.MustScore(80, 80, 107))).isEmpty();
        assertThat(floor.shortfall(new Matrix.MustScore(79, 79, 107))).hasValue(
                "coverage below --min-applicable 80: 79 of the profile's 107 MUST cases applied, 80 required");
    }

    @Test
    void a_percentage_asks_that_share_of_the_profiles_must_cases_rounded_up() {
        CoverageFloor floor = CoverageFloor.parse("80%");

        assertThat(floor.required(107)).isEqualTo(86);
        assertThat(floor.shortfall(new Matrix.MustScore(5, 5, 107))).hasValueSatisfying(
                s -> assertThat(s).contains("5 of the profile's 107", "86 required", "--min-applicable 80%"));
        assertThat(floor.shortfall(new Matrix.MustScore(0, 86, 107))).isEmpty();
        assertThat(CoverageFloor.parse("100%").required(107)).isEqualTo(107);
        assertThat(CoverageFloor.parse("12.5%").required(8)).isEqualTo(1);
    }

    @Test
    void anything_else_is_a_usage_error() {
        assertThatThrownBy(() -> CoverageFloor.parse("lots")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--min-applicable takes a number");
        assertThatThrownBy(() -> CoverageFloor.parse("101%")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CoverageFloor.parse("2.5")).isInstanceOf(IllegalArgumentException.class);
    }
}
