package org.couchtck.reference.queryserver.json;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsNumbersTest {

  @ParameterizedTest
  @CsvSource({
    "1, 1",
    "-42.5, -42.5",
    "0.1, 0.1",
    "1e21, 1e+21",
    "1e20, 100000000000000000000",
    "1e-7, 1e-7",
    "0.000001, 0.000001",
    "123456789012, 123456789012",
    "1.5e300, 1.5e+300",
    "-0.0, 0"
  })
  void should_format_like_javascript_string_conversion(double value, String expected) {
    assertThat(JsNumbers.format(value)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "1e23, 1e+23",
    "2.82879384806159e17, 282879384806159000",
    "5e-324, 5e-324"
  })
  void should_print_javascripts_digits_when_java_17_prints_others(double value, String expected) {
    // given a value that Java 17's Double.toString writes with other digits than JavaScript
    // when
    String text = JsNumbers.format(value);

    // then
    assertThat(text).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"NaN", "Infinity", "-Infinity"})
  void should_write_null_when_the_number_is_not_finite(double value) {
    assertThat(JsNumbers.format(value)).isEqualTo("null");
  }
}
