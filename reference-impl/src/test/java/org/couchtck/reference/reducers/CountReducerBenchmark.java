package org.couchtck.reference.reducers;

import java.util.ArrayList;
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

/**
 * {@code _count} rereduce, in partial counts per second: reduce only takes the number of rows, the adding up of the
 * leaves' counts is the work.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class CountReducerBenchmark {

    private BuiltinReducer reducer;
    private List<Object> partials;

    @Setup
    public void setUp() throws InvalidReduceFunctionException {
        reducer = BuiltinReducers.forSource("_count");
        List<KeyValue> rows = BenchmarkRows.integers();
        partials = new ArrayList<>(BenchmarkRows.ROWS);
        for (int i = 0; i < BenchmarkRows.ROWS; i++) {
            partials.add(reducer.reduce(rows.subList(0, 1 + i % 100)));
        }
    }

    @Benchmark
    @OperationsPerInvocation(BenchmarkRows.ROWS)
    public Object rereduce() {
        return reducer.rereduce(partials);
    }
}
