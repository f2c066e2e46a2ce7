package org.couchtck.kit.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.wire.BoundedLineReader.Line;
import org.junit.jupiter.api.Test;

class BoundedLineReaderTest {

    private static final int MIB = 1024 * 1024;

    @Test
    void should_split_lines_and_drop_the_newline_when_reading() throws IOException {
        BoundedLineReader reader = reader("true\n[\"log\",\"x\"]\n\nlast\n", 1024);

        assertThat(texts(reader)).containsExactly("true", "[\"log\",\"x\"]", "", "last");
    }

    @Test
    void should_poll_a_line_only_once_its_bytes_are_all_there_and_never_block_meanwhile() throws IOException {
        // A pipe nobody writes to: a blocking read would wait for ever.
        PipedOutputStream server = new PipedOutputStream();
        BoundedLineReader reader = new BoundedLineReader(new PipedInputStream(server, 1024), 1024);

        assertThat(reader.pollLine()).isEmpty();
        server.write("[\"log\",".getBytes(StandardCharsets.UTF_8));
        assertThat(reader.pollLine()).isEmpty();
        server.write("\"x\"]\ntr".getBytes(StandardCharsets.UTF_8));
        Line polled = reader.pollLine().orElseThrow();
        assertThat(reader.pollLine()).isEmpty();
        server.write("ue\n".getBytes(StandardCharsets.UTF_8));
        server.close();

        assertThat(polled.text()).isEqualTo("[\"log\",\"x\"]");
        assertThat(polled.byteLength()).isEqualTo(11);
        assertThat(reader.readLine().orElseThrow().text()).isEqualTo("true");
        assertThat(reader.readLine()).isEmpty();
    }

    @Test
    void should_report_an_overflow_to_a_poll_before_the_line_ends() throws IOException {
        PipedOutputStream server = new PipedOutputStream();
        List<Long> overflows = new ArrayList<>();
        BoundedLineReader reader = new BoundedLineReader(new PipedInputStream(server, 1024), 4, overflows::add);

        server.write("123456".getBytes(StandardCharsets.UTF_8));
        assertThat(reader.pollLine()).isEmpty();
        assertThat(overflows).containsExactly(6L);
        server.write("78\nok\n".getBytes(StandardCharsets.UTF_8));
        Line truncated = reader.pollLine().orElseThrow();

        assertThat(truncated.truncated()).isTrue();
        assertThat(truncated.text()).isEqualTo("1234");
        assertThat(truncated.byteLength()).isEqualTo(8);
        assertThat(reader.pollLine().orElseThrow().text()).isEqualTo("ok");
    }

    @Test
    void should_return_empty_at_end_of_input_and_keep_doing_so() throws IOException {
        BoundedLineReader reader = reader("", 1024);

        assertThat(reader.readLine()).isEmpty();
        assertThat(reader.readLine()).isEmpty();
    }

    @Test
    void should_keep_a_carriage_return_before_the_newline() throws IOException {
        BoundedLineReader reader = reader("true\r\nfalse\n", 1024);

        Line line = reader.readLine().orElseThrow();

        assertThat(line.text()).isEqualTo("true\r");
        assertThat(line.byteLength()).isEqualTo(5);
        assertThat(reader.readLine().orElseThrow().text()).isEqualTo("false");
    }

    @Test
    void should_mark_a_last_line_without_newline_as_unterminated() throws IOException {
        BoundedLineReader reader = reader("true\npartial", 1024);

        assertThat(reader.readLine().orElseThrow().terminated()).isTrue();
        Line last = reader.readLine().orElseThrow();
        assertThat(last.text()).isEqualTo("partial");
        assertThat(last.terminated()).isFalse();
        assertThat(reader.readLine()).isEmpty();
    }

    @Test
    void should_decode_utf8_including_characters_split_across_reads() throws IOException {
        // 'é' is two bytes; put it across the reader's 64 KiB buffer boundary.
        String line = "a".repeat(64 * 1024 - 1) + "é😀" + "z";
        BoundedLineReader reader = reader(line + "\n", MIB);

        Line read = reader.readLine().orElseThrow();

        assertThat(read.text()).isEqualTo(line);
        assertThat(read.byteLength()).isEqualTo(line.getBytes(StandardCharsets.UTF_8).length);
        assertThat(read.truncated()).isFalse();
    }

    @Test
    void should_decode_invalid_utf8_to_replacement_characters_instead_of_failing() throws IOException {
        byte[] bytes = {'a', (byte) 0xFF, (byte) 0xC0, 'b', (byte) 0xE2, (byte) 0x82, '\n'};
        BoundedLineReader reader = new BoundedLineReader(new ByteArrayInputStream(bytes), 1024);

        Line line = reader.readLine().orElseThrow();

        assertThat(line.text()).startsWith("a\uFFFD").contains("b").doesNotContain("\n");
        assertThat(line.text().chars().filter(c -> c == 0xFFFD).count()).isGreaterThanOrEqualTo(3);
        assertThat(line.byteLength()).isEqualTo(6);
    }

    @Test
    void should_report_a_line_over_the_cap_as_truncated_then_read_the_next_line_normally() throws IOException {
        BoundedLineReader reader = reader("x".repeat(100) + "\nnext\n", 10);

        Line longLine = reader.readLine().orElseThrow();

        assertThat(longLine.truncated()).isTrue();
        assertThat(longLine.text()).isEqualTo("x".repeat(10));
        assertThat(longLine.byteLength()).isEqualTo(100);
        assertThat(longLine.terminated()).isTrue();
        assertThat(reader.readLine().orElseThrow().text()).isEqualTo("next");
    }

    @Test
    void should_accept_a_line_exactly_at_the_cap() throws IOException {
        Line line = reader("abcdefghij\n", 10).readLine().orElseThrow();

        assertThat(line.truncated()).isFalse();
        assertThat(line.text()).isEqualTo("abcdefghij");
    }

    @Test
    void should_drain_fifty_mebibytes_without_newline_while_keeping_only_the_cap() throws IOException {
        long total = 50L * MIB;
        List<Long> overflows = new ArrayList<>();
        BoundedLineReader reader = new BoundedLineReader(new RepeatingStream((byte) 'x', total), MIB, overflows::add);

        Line line = reader.readLine().orElseThrow();

        assertThat(line.truncated()).isTrue();
        assertThat(line.terminated()).isFalse();
        assertThat(line.byteLength()).isEqualTo(total);
        assertThat(line.text()).hasSize(MIB);
        assertThat(overflows).hasSize(1);
        assertThat(overflows.get(0)).isGreaterThan((long) MIB).isLessThan(total);
        assertThat(reader.readLine()).isEmpty();
    }

    @Test
    void should_refuse_a_cap_that_is_not_positive() {
        assertThatThrownBy(() -> reader("", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static BoundedLineReader reader(String content, int maxLineBytes) {
        return new BoundedLineReader(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), maxLineBytes);
    }

    private static List<String> texts(BoundedLineReader reader) throws IOException {
        List<String> texts = new ArrayList<>();
        Optional<Line> line;
        while ((line = reader.readLine()).isPresent()) {
            texts.add(line.get().text());
        }
        return texts;
    }

    /** A stream of one byte repeated, generated on the fly so the test itself holds no large buffer. */
    private static final class RepeatingStream extends InputStream {
        private final byte value;
        private long remaining;

        RepeatingStream(byte value, long length) {
            this.value = value;
            this.remaining = length;
        }

        @Override
        public int read() {
            if (remaining == 0) {
                return -1;
            }
            remaining--;
            return value & 0xFF;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (remaining == 0) {
                return -1;
            }
            int count = (int) Math.min(length, remaining);
            Arrays.fill(buffer, offset, offset + count, value);
            remaining -= count;
            return count;
        }
    }
    @Test
    void should_tell_a_line_of_invalid_utf8_from_one_that_holds_a_replacement_character() throws IOException {
        // given: bytes that are no UTF-8, then U+FFFD written as UTF-8
        byte[] bytes = {'[', (byte) 0xC3, '(', ']', '\n', '"', (byte) 0xEF, (byte) 0xBF, (byte) 0xBD, '"', '\n'};
        BoundedLineReader reader = new BoundedLineReader(new ByteArrayInputStream(bytes), 1024);

        // when
        Line invalid = reader.readLine().orElseThrow();
        Line replacement = reader.readLine().orElseThrow();

        // then
        assertThat(invalid.validUtf8()).isFalse();
        assertThat(invalid.text()).contains("\uFFFD");
        assertThat(replacement.validUtf8()).isTrue();
        assertThat(replacement.text()).isEqualTo("\"\uFFFD\"");
    }

    @Test
    void should_not_count_a_character_the_cap_cut_in_two_as_invalid_utf8() throws IOException {
        // given: "é" (2 bytes) across a 4-byte cap, and a U+FFFD inside the kept part
        byte[] bytes = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD, (byte) 0xC3, (byte) 0xA9, '\n'};
        BoundedLineReader reader = new BoundedLineReader(new ByteArrayInputStream(bytes), 4);

        // when
        Line line = reader.readLine().orElseThrow();

        // then
        assertThat(line.truncated()).isTrue();
        assertThat(line.validUtf8()).isTrue();
    }
}
