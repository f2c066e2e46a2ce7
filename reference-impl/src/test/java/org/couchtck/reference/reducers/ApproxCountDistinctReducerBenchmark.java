package org.couchtck.reference.reducers;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** {@code _approx_count_distinct} reduce over distinct string keys, in keys per second (term encoding and SHA-1 per key). */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ApproxCountDistinctReducerBenchmark {

    private BuiltinReducer reducer;
    private List<KeyValue> rows;

    @Setup
    public void setUp() throws InvalidReduceFunctionException {
        reducer = BuiltinReducers.forSource("_approx_count_distinct");
        rows = BenchmarkRows.distinctStringKeys();
    }

    @Benchmark
    @OperationsPerInvocation(BenchmarkRows.ROWS)
    public Object reduce() {
        return reducer.reduce(rows);
    }
}
