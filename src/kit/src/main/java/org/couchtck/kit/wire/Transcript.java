package org.couchtck.kit.wire;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The append-only, thread-safe record of one conversation with a server: lines sent and received, stderr and what the
 * kit observed. Texts are capped so a misbehaving server cannot make a transcript hold gigabytes: each entry keeps at
 * most {@link #MAX_ENTRY_CHARS} characters, and once {@link #MAX_TOTAL_CHARS} are stored further entries are only
 * counted, and reported by one closing {@link Direction#EVENT} entry.
 */
public final class Transcript {

    /** The most characters one entry keeps; the rest is replaced by a note of how much was cut. */
    public static final int MAX_ENTRY_CHARS = 64 * 1024;

    /** The most characters all entries together keep. */
    public static final long MAX_TOTAL_CHARS = 16L * 1024 * 1024;

    private final List<TranscriptEntry> entries = new ArrayList<>();
    private long storedChars;
    private long droppedEntries;

    /** Appends {@code text}, timestamped now, capped to {@link #MAX_ENTRY_CHARS}. */
    public void add(Direction direction, String text) {
        TranscriptEntry entry = new TranscriptEntry(Instant.now(), direction, cap(text));
        synchronized (entries) {
            if (storedChars + entry.text().length() > MAX_TOTAL_CHARS) {
                droppedEntries++;
                return;
            }
            storedChars += entry.text().length();
            entries.add(entry);
        }
    }

    /** A snapshot of the entries so far, in the order they were added. */
    public List<TranscriptEntry> entries() {
        synchronized (entries) {
            List<TranscriptEntry> copy = new ArrayList<>(entries);
            if (droppedEntries > 0) {
                copy.add(new TranscriptEntry(Instant.now(), Direction.EVENT,
                        "transcript full: " + droppedEntries + " more entries were not kept"));
            }
            return List.copyOf(copy);
        }
    }

    /** The number of entries {@link #entries()} would return now. */
    public int size() {
        synchronized (entries) {
            return entries.size() + (droppedEntries > 0 ? 1 : 0);
        }
    }

    static String cap(String text) {
        if (text.length() <= MAX_ENTRY_CHARS) {
            return text;
        }
        int keep = MAX_ENTRY_CHARS;
        // Never split a surrogate pair: half of one would print as garbage.
        if (Character.isHighSurrogate(text.charAt(keep - 1))) {
            keep--;
        }
        return text.substring(0, keep) + " …[" + (text.length() - keep) + " more chars]";
    }
}
