package org.couchtck.kit.bench;

import java.util.Arrays;
import java.util.List;

/**
 * What one benchmark mode measured over several runs.
 *
 * @param mode lockstep or pipelined
 * @param docsPerSecond documents per second of each run
 * @param latency per-message latency of the median run (lockstep only; zeros for pipelined)
 * @param errorReplies replies that were {@code ["error", ...]} or not a list, over all runs
 */
public record BenchResult(BenchMode mode, List<Double> docsPerSecond, LatencyStats latency, int errorReplies) {

    /** The median of {@link #docsPerSecond()}. */
    public double medianDocsPerSecond() {
        double[] sorted = docsPerSecond.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return 0;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** One line for the terminal. */
    public String describe() {
        String runs = Arrays.toString(docsPerSecond.stream().mapToLong(Math::round).toArray());
        String line = String.format("%-9s median %,10.0f docs/s  runs %s", mode.label(), medianDocsPerSecond(), runs);
        if (mode == BenchMode.LOCKSTEP) {
            line += String.format("  latency p50 %d µs  p90 %d µs  p99 %d µs  max %d µs", latency.p50Micros(),
                    latency.p90Micros(), latency.p99Micros(), latency.maxMicros());
        }
        if (errorReplies > 0) {
            line += "  (" + errorReplies + " error replies)";
        }
        return line;
    }
}
