package org.couchtck.kit.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TranscriptTest {

    @Test
    void should_keep_entries_in_order_with_direction_and_text_when_added() {
        Transcript transcript = new Transcript();

        transcript.add(Direction.SENT, "[\"reset\",{}]");
        transcript.add(Direction.RECEIVED, "true");
        transcript.add(Direction.STDERR, "warning");

        assertThat(transcript.entries()).extracting(TranscriptEntry::direction)
                .containsExactly(Direction.SENT, Direction.RECEIVED, Direction.STDERR);
        assertThat(transcript.entries()).extracting(TranscriptEntry::text)
                .containsExactly("[\"reset\",{}]", "true", "warning");
        assertThat(transcript.size()).isEqualTo(3);
    }

    @Test
    void should_cap_a_long_text_and_say_how_much_was_cut_when_added() {
        Transcript transcript = new Transcript();
        String huge = "x".repeat(Transcript.MAX_ENTRY_CHARS + 1000);

        transcript.add(Direction.RECEIVED, huge);

        String kept = transcript.entries().get(0).text();
        assertThat(kept).startsWith("x".repeat(Transcript.MAX_ENTRY_CHARS)).endsWith(" …[1000 more chars]");
        assertThat(kept.length()).isLessThan(Transcript.MAX_ENTRY_CHARS + 50);
    }

    @Test
    void should_not_split_a_surrogate_pair_when_capping() {
        String text = "x".repeat(Transcript.MAX_ENTRY_CHARS - 1) + "😀" + "tail";

        String capped = Transcript.cap(text);

        assertThat(capped).startsWith("x".repeat(Transcript.MAX_ENTRY_CHARS - 1) + " …[");
        assertThat(capped).doesNotContain("\uD83D");
    }

    @Test
    void should_count_dropped_entries_in_a_closing_event_when_the_total_budget_is_spent() {
        Transcript transcript = new Transcript();
        String chunk = "y".repeat(Transcript.MAX_ENTRY_CHARS);
        long fitting = Transcript.MAX_TOTAL_CHARS / Transcript.MAX_ENTRY_CHARS;

        for (long i = 0; i < fitting + 5; i++) {
            transcript.add(Direction.RECEIVED, chunk);
        }

        List<TranscriptEntry> entries = transcript.entries();
        assertThat(entries).hasSize((int) fitting + 1);
        assertThat(entries.get(entries.size() - 1).direction()).isEqualTo(Direction.EVENT);
        assertThat(entries.get(entries.size() - 1).text()).contains("5 more entries");
        assertThat(transcript.size()).isEqualTo(entries.size());
    }

    @Test
    void should_keep_every_entry_when_many_threads_add_at_once() throws InterruptedException {
        Transcript transcript = new Transcript();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 1000; i++) {
                    transcript.add(Direction.EVENT, "e" + i);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(transcript.size()).isEqualTo(8000);
        assertThat(transcript.entries()).hasSize(8000);
    }

    @Test
    void should_return_an_unmodifiable_snapshot_when_entries_are_read() {
        Transcript transcript = new Transcript();
        transcript.add(Direction.SENT, "a");

        List<TranscriptEntry> snapshot = transcript.entries();
        transcript.add(Direction.SENT, "b");

        assertThat(snapshot).hasSize(1);
        assertThatThrownBy(() -> snapshot.add(snapshot.get(0))).isInstanceOf(UnsupportedOperationException.class);
    }
}
