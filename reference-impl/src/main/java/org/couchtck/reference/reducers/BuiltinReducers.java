package org.couchtck.reference.reducers;

import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * Finds the builtin reducer a reduce source names, with the checks and messages of CouchDB 3.5.2
 * ({@code couch_mrview:validate/2} when a design document is saved, {@code couch_query_servers:builtin_reduce} when a
 * view is queried).
 *
 * <p>Builtins match by prefix, in CouchDB's order: {@code _sum}, {@code _count}, {@code _stats},
 * {@code _approx_count_distinct}, {@code _top_N}, {@code _bottom_N}, {@code _first}, {@code _last}. So
 * {@code _sumx} is {@code _sum} and {@code _count_all} is {@code _count}; the rank reducers take everything after
 * their prefix as N, which must be an integer (Erlang's {@code binary_to_integer}: optional sign, digits) from 1 to
 * 100.
 */
public final class BuiltinReducers {

    private static final int MAX_RANK = 100;
    private static final Pattern ERLANG_INTEGER = Pattern.compile("[+-]?[0-9]+");

    private BuiltinReducers() {
    }

    /** Whether CouchDB treats the reduce source as a builtin rather than JavaScript: it starts with {@code _}. */
    public static boolean isBuiltin(String source) {
        return source.startsWith("_");
    }

    /**
     * The reducer for a builtin reduce source, with CouchDB's default configuration.
     *
     * @throws InvalidReduceFunctionException with CouchDB's {@code invalid_design_doc} reason when no builtin matches
     */
    public static BuiltinReducer forSource(String reduceSource) throws InvalidReduceFunctionException {
        return forSource(reduceSource, ReducerOptions.defaults());
    }

    /**
     * The reducer for a builtin reduce source, with the given configuration ({@code reduce_limit} and its threshold
     * and ratio).
     *
     * @throws InvalidReduceFunctionException with CouchDB's {@code invalid_design_doc} reason when no builtin matches
     */
    public static BuiltinReducer forSource(String reduceSource, ReducerOptions options)
            throws InvalidReduceFunctionException {
        if (reduceSource.startsWith("_sum")) {
            return new SumReducer(reduceSource, options);
        }
        if (reduceSource.startsWith("_count")) {
            return new CountReducer(reduceSource);
        }
        if (reduceSource.startsWith("_stats")) {
            return new StatsReducer(reduceSource);
        }
        if (reduceSource.startsWith("_approx_count_distinct")) {
            return new ApproxCountDistinctReducer(reduceSource);
        }
        if (reduceSource.startsWith("_top_")) {
            return new RankReducer(reduceSource, rank(reduceSource.substring("_top_".length())), true, options);
        }
        if (reduceSource.startsWith("_bottom_")) {
            return new RankReducer(reduceSource, rank(reduceSource.substring("_bottom_".length())), false, options);
        }
        if (reduceSource.startsWith("_first")) {
            return new FirstLastReducer(reduceSource, true, options);
        }
        if (reduceSource.startsWith("_last")) {
            return new FirstLastReducer(reduceSource, false, options);
        }
        throw new InvalidReduceFunctionException("`" + reduceSource + "` is not a supported reduce function.");
    }

    private static int rank(String n) throws InvalidReduceFunctionException {
        if (!ERLANG_INTEGER.matcher(n).matches()) {
            throw new InvalidReduceFunctionException("invalid rank reducer");
        }
        BigInteger value = new BigInteger(n.startsWith("+") ? n.substring(1) : n);
        if (value.signum() <= 0 || value.compareTo(BigInteger.valueOf(MAX_RANK)) > 0) {
            throw new InvalidReduceFunctionException("rank value must be between 1 and " + MAX_RANK);
        }
        return value.intValueExact();
    }
}
