package org.couchtck.kit.report;

import java.time.Duration;

/**
 * A section whose cases took markedly longer or shorter in the later run: the summed wall time of the cases both runs
 * have. Timing is reported, never a regression: the same run on a loaded CI machine varies by a third.
 *
 * @param section the section
 * @param cases how many cases of it both runs have
 * @param before their summed time in the earlier run
 * @param after their summed time in the later run
 */
public record SectionTiming(String section, int cases, Duration before, Duration after) {

    /** A change counts when the later time is at least this many times the earlier one, or at most its inverse... */
    static final double RATIO = 2.0;
    /** ... and differs from it by at least this much: short sections jitter by large ratios. */
    static final Duration FLOOR = Duration.ofSeconds(1);

    /** Whether the change is beyond noise (both thresholds passed). */
    boolean beyondNoise() {
        long then = before.toNanos();
        long now = after.toNanos();
        boolean large = Math.abs(now - then) >= FLOOR.toNanos();
        boolean relative = now >= then * RATIO || then >= now * RATIO;
        return large && relative;
    }

    /** Later time over earlier time (infinite when the earlier took no measurable time). */
    public double ratio() {
        return before.isZero() ? Double.POSITIVE_INFINITY : (double) after.toNanos() / before.toNanos();
    }
}
