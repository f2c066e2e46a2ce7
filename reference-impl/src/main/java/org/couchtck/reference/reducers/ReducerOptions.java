package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;
import java.util.Objects;
import org.couchtck.reference.collation.ViewCollation;

/**
 * What builtin reducers take from the server's configuration and from the view.
 *
 * @param reduceLimit {@code [query_server_config] reduce_limit}
 * @param reduceLimitThreshold {@code reduce_limit_threshold} (CouchDB's default 5000): outputs up to this many bytes
 *     ({@code erlang:external_size}) always pass
 * @param reduceLimitRatio {@code reduce_limit_ratio} (default 2.0): a larger output fails when output size times this
 *     exceeds the input size
 * @param collation the order {@code _top_N}, {@code _bottom_N}, {@code _first} and {@code _last} rank by: CouchDB
 *     uses {@code couch_ejson_compare} (ICU collation) for them even in views with {@code "collation": "raw"}
 */
public record ReducerOptions(
        ReduceLimit reduceLimit, long reduceLimitThreshold, double reduceLimitRatio, Comparator<JsonNode> collation) {

    private static final long DEFAULT_THRESHOLD = 5000;
    private static final double DEFAULT_RATIO = 2.0;

    public ReducerOptions {
        Objects.requireNonNull(reduceLimit, "reduceLimit");
        Objects.requireNonNull(collation, "collation");
    }

    /** CouchDB's defaults. */
    public static ReducerOptions defaults() {
        return new ReducerOptions(ReduceLimit.TRUE, DEFAULT_THRESHOLD, DEFAULT_RATIO, ViewCollation.COUCHDB);
    }

    public ReducerOptions withReduceLimit(ReduceLimit limit) {
        return new ReducerOptions(limit, reduceLimitThreshold, reduceLimitRatio, collation);
    }

    public ReducerOptions withReduceLimitThreshold(long threshold) {
        return new ReducerOptions(reduceLimit, threshold, reduceLimitRatio, collation);
    }

    public ReducerOptions withReduceLimitRatio(double ratio) {
        return new ReducerOptions(reduceLimit, reduceLimitThreshold, ratio, collation);
    }

    public ReducerOptions withCollation(Comparator<JsonNode> viewCollation) {
        return new ReducerOptions(reduceLimit, reduceLimitThreshold, reduceLimitRatio, viewCollation);
    }
}
