package org.couchtck.kit.report;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * The part of a case's transcript a human report shows: all of it when it is short, else its head and its
 * (usually more telling) tail with a note of what was left out; times are relative to the case's first line.
 */
final class TranscriptExcerpt {

    static final int MAX_ENTRIES = 500;
    static final int HEAD = 100;
    static final int MAX_LINE = 4_000;
    /** Replies are kept far longer: a mismatch message cuts the reply it quotes, so the transcript must not. */
    static final int MAX_REPLY = 256 * 1024;

    private final List<TranscriptEntry> head;
    private final List<TranscriptEntry> tail;
    private final int omitted;
    private final Instant origin;

    private TranscriptExcerpt(List<TranscriptEntry> head, List<TranscriptEntry> tail, int omitted, Instant origin) {
        this.head = head;
        this.tail = tail;
        this.omitted = omitted;
        this.origin = origin;
    }

    static TranscriptExcerpt of(List<TranscriptEntry> transcript) {
        Instant origin = transcript.isEmpty() ? Instant.EPOCH : transcript.get(0).at();
        if (transcript.size() <= MAX_ENTRIES) {
            return new TranscriptExcerpt(transcript, List.of(), 0, origin);
        }
        int tailSize = MAX_ENTRIES - HEAD;
        return new TranscriptExcerpt(transcript.subList(0, HEAD),
                transcript.subList(transcript.size() - tailSize, transcript.size()),
                transcript.size() - MAX_ENTRIES, origin);
    }

    /** Entries shown before the gap (all entries when nothing was omitted). */
    List<TranscriptEntry> head() {
        return head;
    }

    /** Entries shown after the gap; empty when nothing was omitted. */
    List<TranscriptEntry> tail() {
        return tail;
    }

    /** How many entries sit in the gap. */
    int omitted() {
        return omitted;
    }

    boolean isEmpty() {
        return head.isEmpty();
    }

    /** Time since the case's first line, e.g. "+1.5 ms". */
    String offset(TranscriptEntry entry) {
        return "+" + DurationText.millis(Duration.between(origin, entry.at()));
    }

    /** The entry's text, safe and cut to {@link #MAX_LINE} ({@link #MAX_REPLY} for the server's replies). */
    static String text(TranscriptEntry entry) {
        int max = entry.direction() == Direction.RECEIVED ? MAX_REPLY : MAX_LINE;
        return SafeText.cap(SafeText.legal(entry.text()), max);
    }

    /** An arrow-like marker of the direction, seen from the kit. */
    static String marker(Direction direction) {
        return switch (direction) {
            case SENT -> "→";
            case RECEIVED -> "←";
            case STDERR -> "stderr";
            case STDOUT -> "stdout";
            case EVENT -> "•";
        };
    }

    /** The excerpt as plain text, one entry per line. */
    String plainText() {
        StringBuilder out = new StringBuilder();
        head.forEach(entry -> appendPlain(out, entry));
        if (omitted > 0) {
            out.append("… ").append(omitted).append(" lines omitted …\n");
            tail.forEach(entry -> appendPlain(out, entry));
        }
        return out.toString();
    }

    private void appendPlain(StringBuilder out, TranscriptEntry entry) {
        out.append(String.format(Locale.ROOT, "%10s %-6s %s", offset(entry), marker(entry.direction()), text(entry)))
                .append('\n');
    }
}
