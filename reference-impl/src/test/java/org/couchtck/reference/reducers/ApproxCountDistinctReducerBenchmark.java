package org.couchtck.reference.reducers;

/** {@code _approx_count_distinct} reduce over distinct string keys, in keys per second (term encoding and SHA-1 per key). */
public class ApproxCountDistinctReducerBenchmark extends ReduceBenchmark {

    public ApproxCountDistinctReducerBenchmark() {
        super("_approx_count_distinct", BenchmarkRows::distinctStringKeys);
    }
}
