package org.couchtck.reference.reducers;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One builtin reducer's reduce over a fixed set of {@link BenchmarkRows}, in rows per second. A subclass names the
 * reduce source and the rows; JMH runs its {@code reduce} benchmark under the subclass's name.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public abstract class ReduceBenchmark {

    private final String source;
    private final Supplier<List<KeyValue>> rowsToReduce;
    private BuiltinReducer reducer;
    private List<KeyValue> rows;

    protected ReduceBenchmark(String source, Supplier<List<KeyValue>> rowsToReduce) {
        this.source = source;
        this.rowsToReduce = rowsToReduce;
    }

    @Setup
    public void setUp() throws InvalidReduceFunctionException {
        reducer = BuiltinReducers.forSource(source);
        rows = rowsToReduce.get();
    }

    @Benchmark
    @OperationsPerInvocation(BenchmarkRows.ROWS)
    public Object reduce() {
        return reducer.reduce(rows);
    }
}
