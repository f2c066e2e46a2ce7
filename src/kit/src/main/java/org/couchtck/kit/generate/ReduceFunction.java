package org.couchtck.kit.generate;

/**
 * A user reduce function whose algebra is known, so that reduce and rereduce results can be predicted: each is
 * associative, so reducing everything equals rereducing the reductions of the parts of any ordered partition.
 *
 * @param algebra what the function computes
 */
public record ReduceFunction(Algebra algebra) {

    /** What a reduce function computes over the values (and, on rereduce, over earlier reductions). */
    public enum Algebra {
        /** The sum of the values. */
        SUM,
        /** The number of rows; rereduce adds the counts. */
        COUNT,
        /** The largest value. */
        MAX,
        /** The values' text, concatenated in order. */
        CONCAT
    }

    /** The catalogue function whose source each language pack gives for this algebra, e.g. reduce.generated-sum. */
    public String catalogueId() {
        return "reduce.generated-" + algebra.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** One of the algebras; shrinks towards {@link Algebra#SUM}. */
    public static ReduceFunction generate(Choices choices) {
        return new ReduceFunction(Algebra.values()[(int) choices.draw(Algebra.values().length - 1)]);
    }
}
