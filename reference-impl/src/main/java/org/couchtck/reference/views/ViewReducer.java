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
}
