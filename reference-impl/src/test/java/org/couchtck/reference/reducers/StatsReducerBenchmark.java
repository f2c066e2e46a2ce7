package org.couchtck.reference.reducers;

/** {@code _stats} reduce over integers, in values per second. */
public class StatsReducerBenchmark extends ReduceBenchmark {

    public StatsReducerBenchmark() {
        super("_stats", BenchmarkRows::integers);
    }
}
