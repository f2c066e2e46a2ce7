package org.couchtck.kit.bench;

import java.util.Arrays;

/** Percentiles of a set of latencies, by the nearest-rank method. */
record LatencyStats(long p50Micros, long p90Micros, long p99Micros, long maxMicros) {

    static LatencyStats of(long[] nanos) {
        if (nanos.length == 0) {
            return new LatencyStats(0, 0, 0, 0);
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new LatencyStats(rank(sorted, 50), rank(sorted, 90), rank(sorted, 99),
                sorted[sorted.length - 1] / 1000);
    }

    private static long rank(long[] sorted, int percentile) {
        int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)] / 1000;
    }
}
