package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One of CouchDB's builtin reduce functions. Partial results are opaque (a HyperLogLog sketch, a stats accumulator,
 * a JSON value...): only {@link #rereduce} and {@link #result} of the same reducer take them. Partials are never
 * changed once returned, so a caller may cache them per B-tree node as CouchDB does.
 *
 * <p>Errors come in two kinds, as in CouchDB. {@code _sum} and {@code _count} report bad input <em>in</em> the
 * result: a {@code {"error":"builtin_reduce_error",...}} object that the view row shows with status 200 and that
 * rereduce carries on. Everything else that CouchDB refuses makes the whole query fail: reduce and rereduce then
 * throw {@link BuiltinReduceException}, which carries the status and the body CouchDB answers with.
 */
public interface BuiltinReducer {

    /** The reduce source this reducer was made for, e.g. {@code "_sumx"} (builtins match by prefix). */
    String name();

    /**
     * Reduces map rows, in the order given. CouchDB gives the rows of a B-tree leaf in key order when it builds the
     * index, but the rows it collects for a query (group=true, group_level, a key range) in reverse order; the order
     * only matters for which bad value an error names and for float rounding.
     *
     * @throws BuiltinReduceException when CouchDB would fail the query
     */
    Object reduce(List<KeyValue> rows);

    /**
     * Combines partial results of {@link #reduce} or {@link #rereduce}, in the order given.
     *
     * @throws BuiltinReduceException when CouchDB would fail the query
     */
    Object rereduce(List<Object> partials);

    /** The JSON value a view row shows for a partial result (CouchDB's {@code finalize}). */
    JsonNode result(Object partial);
}
