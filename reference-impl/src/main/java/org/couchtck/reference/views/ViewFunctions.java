package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Runs a design document's map and reduce functions: a query server of the design document's language, checked out
 * for as long as a session lasts.
 */
public interface ViewFunctions {

    /** Starts mapping documents with the design's map functions ({@code add_lib}, then one {@code add_fun} each). */
    MapSession openMap(DesignDefinition design);

    /**
     * {@code ["reduce", [source], [[[key, id], value], ...]]}: the reduction of the rows.
     *
     * @throws ReduceFailure when the query server answers an error (reduce_overflow_error, ...)
     */
    JsonNode reduce(DesignDefinition design, String source, List<ViewRow> rows);

    /** {@code ["rereduce", [source], [value, ...]]}: the reduction of earlier reductions. */
    JsonNode rereduce(DesignDefinition design, String source, List<JsonNode> reductions);

    /** A query server with a design document's map functions loaded. */
    interface MapSession extends AutoCloseable {

        /**
         * {@code ["map_doc", doc]}: per view, in {@link DesignDefinition#views()} order, the {@code [key, value]}
         * pairs it emitted.
         */
        List<List<JsonNode[]>> map(ObjectNode doc);

        /** Gives the query server back. */
        @Override
        void close();
    }

    /** A query server's error reply to a reduce: CouchDB shows it in place of the row's value. */
    final class ReduceFailure extends RuntimeException {
        private final String error;
        private final String reason;

        public ReduceFailure(String error, String reason) {
            super(error + ": " + reason);
            this.error = error;
            this.reason = reason;
        }

        public String error() {
            return error;
        }

        public String reason() {
            return reason;
        }
    }
}
