package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A view's reduce function, builtin or a query server's. Partial reductions are opaque: a builtin may keep a sketch
 * that only {@link #result} turns into JSON.
 */
public interface ViewReducer {

    /** The reduction of some rows. */
    Object reduce(List<ViewRow> rows);

    /** The reduction of earlier reductions. */
    Object rereduce(List<Object> partials);

    /** What a view row shows for a reduction. */
    JsonNode result(Object partial);

    /**
     * What building the index does with the reduce function: CouchDB reduces each B-tree leaf's rows, in key order,
     * as it writes them, and a reducer that crashes there fails every later query of the view. Given every row of
     * the view in key order, split into leaves; by default nothing happens (a query server's reduce errors are only
     * logged while the index is built).
     */
    default void buildLeaves(List<List<ViewRow>> leaves) {}
}
