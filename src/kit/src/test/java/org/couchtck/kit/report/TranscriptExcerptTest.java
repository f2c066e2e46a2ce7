package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.Test;

class TranscriptExcerptTest {

    private static List<TranscriptEntry> lines(int count) {
        List<TranscriptEntry> entries = new ArrayList<>();
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        for (int i = 0; i < count; i++) {
            entries.add(new TranscriptEntry(start.plusMillis(i), Direction.SENT, "line " + i));
        }
        return entries;
    }

    @Test
    void should_keep_every_line_when_the_transcript_is_short() {
        // given
        List<TranscriptEntry> transcript = lines(TranscriptExcerpt.MAX_ENTRIES);

        // when
        TranscriptExcerpt excerpt = TranscriptExcerpt.of(transcript);

        // then
        assertThat(excerpt.head()).isEqualTo(transcript);
        assertThat(excerpt.tail()).isEmpty();
        assertThat(excerpt.omitted()).isZero();
        assertThat(excerpt.offset(transcript.get(12))).isEqualTo("+12.0 ms");
    }

    @Test
    void should_keep_the_head_and_the_tail_when_the_transcript_is_long() {
        // given
        List<TranscriptEntry> transcript = lines(2_000);

        // when
        TranscriptExcerpt excerpt = TranscriptExcerpt.of(transcript);

        // then
        assertThat(excerpt.head()).hasSize(TranscriptExcerpt.HEAD).first()
                .extracting(TranscriptEntry::text).isEqualTo("line 0");
        assertThat(excerpt.tail()).hasSize(TranscriptExcerpt.MAX_ENTRIES - TranscriptExcerpt.HEAD).last()
                .extracting(TranscriptEntry::text).isEqualTo("line 1999");
        assertThat(excerpt.omitted()).isEqualTo(1_500);
        assertThat(excerpt.plainText()).contains("… 1500 lines omitted …\n").endsWith("line 1999\n");
    }

    @Test
    void should_cut_a_huge_line_when_showing_its_text() {
        TranscriptEntry huge = new TranscriptEntry(Instant.EPOCH, Direction.STDERR, "y".repeat(10_000));
        assertThat(TranscriptExcerpt.text(huge)).startsWith("y".repeat(TranscriptExcerpt.MAX_LINE) + "… [6000 more");
    }

    @Test
    void should_show_a_long_reply_whole_because_mismatch_messages_cut_it() {
        TranscriptEntry reply = new TranscriptEntry(Instant.EPOCH, Direction.RECEIVED, "y".repeat(10_000));
        assertThat(TranscriptExcerpt.text(reply)).isEqualTo("y".repeat(10_000));
    }
}
