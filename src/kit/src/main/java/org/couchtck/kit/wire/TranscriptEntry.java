package org.couchtck.kit.wire;

import java.time.Instant;
import java.util.Objects;

/** One timestamped line of a wire transcript. */
public record TranscriptEntry(Instant at, Direction direction, String text) {
    public TranscriptEntry {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(text, "text");
    }
}
