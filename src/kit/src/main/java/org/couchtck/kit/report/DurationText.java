package org.couchtck.kit.report;

import java.time.Duration;
import java.util.Locale;

/** Durations as people and report formats want them. */
final class DurationText {

    private DurationText() {}

    /** "850 ms", "12.3 s", "2 min 05 s"; "unknown" for null. */
    static String human(Duration duration) {
        if (duration == null) {
            return "unknown";
        }
        long millis = duration.toMillis();
        if (millis < 1_000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        long seconds = duration.toSeconds();
        return String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
    }

    /** Seconds with millisecond precision, as JUnit XML writes them ("0.012"); "0.000" for null. */
    static String seconds(Duration duration) {
        long nanos = duration == null ? 0 : duration.toNanos();
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    /** Milliseconds with a tenth ("1.5 ms"), signed relative offsets included. */
    static String millis(Duration duration) {
        return String.format(Locale.ROOT, "%.1f ms", duration.toNanos() / 1e6);
    }
}
