package org.couchtck.reference.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BoundedLinesTest {

    /** A stream that hands out at most {@code chunk} bytes a read, as a pipe may. */
    private static InputStream trickling(String text, int chunk) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }

    private static String text(BoundedLines.Line line) {
        return new String(line.bytes(), StandardCharsets.UTF_8);
    }

    @Test
    void should_cut_lines_at_newlines_whatever_the_reads_deliver() throws IOException {
        BoundedLines lines = new BoundedLines(trickling("[\"log\",\"a\"]\n\n[1]\r\n", 3), 100);

        assertThat(text(lines.next())).isEqualTo("[\"log\",\"a\"]");
        assertThat(text(lines.next())).isEmpty();
        assertThat(text(lines.next())).isEqualTo("[1]\r");
        assertThat(lines.next()).isNull();
        assertThat(lines.next()).isNull();
    }

    @Test
    void should_keep_only_the_bound_of_a_long_line_but_count_all_of_it_and_read_on_after_it() throws IOException {
        BoundedLines lines = new BoundedLines(trickling("x".repeat(10_000) + "\nshort\n", 700), 16);

        BoundedLines.Line longLine = lines.next();
        BoundedLines.Line next = lines.next();

        assertThat(longLine.length()).isEqualTo(10_000);
        assertThat(text(longLine)).isEqualTo("x".repeat(16));
        assertThat(next.length()).isEqualTo(5);
        assertThat(text(next)).isEqualTo("short");
    }

    @Test
    void should_drop_a_last_line_without_its_newline_as_couchdbs_line_mode_port_did() throws IOException {
        BoundedLines lines = new BoundedLines(trickling("done\nhalf a li", 4), 100);

        assertThat(text(lines.next())).isEqualTo("done");
        assertThat(lines.next()).isNull();
    }
}
