package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

/** Map rows for the reducer benchmarks: fixed seeds, so every run measures the same work. */
final class BenchmarkRows {

    /** Rows per reduce call; the benchmarks report operations per row. */
    static final int ROWS = 1000;

    private BenchmarkRows() {
    }

    static List<KeyValue> integers() {
        SplittableRandom random = new SplittableRandom(1);
        return rows(i -> IntNode.valueOf(random.nextInt(-1_000_000, 1_000_000)));
    }

    static List<KeyValue> doubles() {
        SplittableRandom random = new SplittableRandom(2);
        return rows(i -> DoubleNode.valueOf(random.nextDouble() * 1000));
    }

    private static List<KeyValue> rows(IntFunction<JsonNode> value) {
        List<KeyValue> rows = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            rows.add(new KeyValue(IntNode.valueOf(i), "doc" + i, value.apply(i)));
        }
        return rows;
    }

    /** Rows whose keys are distinct strings, for {@code _approx_count_distinct}. */
    static List<KeyValue> distinctStringKeys() {
        List<KeyValue> rows = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            rows.add(new KeyValue(TextNode.valueOf("key-" + i), "doc" + i, IntNode.valueOf(1)));
        }
        return rows;
    }
}
