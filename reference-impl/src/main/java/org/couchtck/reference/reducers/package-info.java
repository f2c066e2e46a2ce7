/**
 * CouchDB 3.5.2's builtin reduce functions ({@code _sum}, {@code _count}, {@code _stats},
 * {@code _approx_count_distinct}, {@code _first}, {@code _last}, {@code _top_N}, {@code _bottom_N}) as pure
 * functions: the same results, and the same error bodies, as CouchDB's {@code couch_query_servers} gives.
 *
 * <p>Entry point: {@link org.couchtck.reference.reducers.BuiltinReducers#forSource(String)} checks a reduce source as
 * a design document save does and returns a {@link org.couchtck.reference.reducers.BuiltinReducer}. A view query
 * reduces the map rows of each B-tree chunk ({@code reduce}), combines the chunks' opaque partial results
 * ({@code rereduce}) and turns the last one into the row's JSON value ({@code result}, CouchDB's {@code finalize}).
 */
package org.couchtck.reference.reducers;
