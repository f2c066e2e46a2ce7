package org.couchtck.reference.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineReaderTest {

  private static LineReader reader(String text) {
    return new LineReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void should_split_at_line_feeds_and_keep_carriage_returns() throws IOException {
    // given
    LineReader lines = reader("[\"reset\"]\r\n\ncaf\u00e9\n");

    // then
    assertThat(lines.readLine()).isEqualTo("[\"reset\"]\r");
    assertThat(lines.readLine()).isEmpty();
    assertThat(lines.readLine()).isEqualTo("caf\u00e9");
    assertThat(lines.readLine()).isNull();
  }

  @Test
  void should_return_a_last_line_without_line_feed() throws IOException {
    // given
    LineReader lines = reader("a\nb");

    // then
    assertThat(lines.readLine()).isEqualTo("a");
    assertThat(lines.readLine()).isEqualTo("b");
    assertThat(lines.readLine()).isNull();
  }

  @Test
  void should_read_lines_longer_than_the_buffer() throws IOException {
    // given
    String longLine = "x".repeat(200_000);

    // then
    assertThat(reader(longLine + "\n").readLine()).isEqualTo(longLine);
  }

  @Test
  void should_tell_whether_a_whole_next_line_is_buffered_without_reading() throws IOException {
    // given
    LineReader lines = reader("a\nb\nc");

    // when
    String first = lines.readLine();

    // then: "b\n" came in the same read; "c" has no line feed yet
    assertThat(first).isEqualTo("a");
    assertThat(lines.hasBufferedLine()).isTrue();
    assertThat(lines.readLine()).isEqualTo("b");
    assertThat(lines.hasBufferedLine()).isFalse();
    assertThat(lines.readLine()).isEqualTo("c");
    assertThat(lines.hasBufferedLine()).isFalse();
  }

  @Test
  void should_give_the_same_lines_when_asked_about_buffered_lines_between_reads() throws IOException {
    // given: lines of many lengths, across several refills of the 64 KiB buffer
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      expected.add("line " + i + " " + "y".repeat(i * 7 % 301));
    }
    LineReader lines = reader(String.join("\n", expected) + "\n");

    // when
    List<String> read = new ArrayList<>();
    for (int i = 0; i < expected.size(); i++) {
      lines.hasBufferedLine();
      if (i % 3 == 0) {
        lines.hasBufferedLine(); // asking twice changes nothing
      }
      read.add(lines.readLine());
    }

    // then
    assertThat(read).isEqualTo(expected);
    assertThat(lines.hasBufferedLine()).isFalse();
    assertThat(lines.readLine()).isNull();
  }
}
