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

/** {@code _sum} reduce over numbers, in values per second: integers (the long fast path) and floats. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SumReducerBenchmark {

    private BuiltinReducer sum;
    private List<KeyValue> integers;
    private List<KeyValue> doubles;

    @Setup
    public void setUp() throws InvalidReduceFunctionException {
        sum = BuiltinReducers.forSource("_sum");
        integers = BenchmarkRows.integers();
        doubles = BenchmarkRows.doubles();
    }

    @Benchmark
    @OperationsPerInvocation(BenchmarkRows.ROWS)
    public Object integers() {
        return sum.reduce(integers);
    }

    @Benchmark
    @OperationsPerInvocation(BenchmarkRows.ROWS)
    public Object doubles() {
        return sum.reduce(doubles);
    }
}
