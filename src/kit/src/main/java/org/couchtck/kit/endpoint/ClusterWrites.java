package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/**
 * A cluster's {@code 202 Accepted} for a write: fewer than {@code w} copies confirmed it in time, and the write stays
 * (the other copies get it by internal replication). CouchDB documents 202 for creating and deleting a database and for
 * writing, copying and deleting a document or an attachment, and answers it to {@code _bulk_docs} and {@code _purge}
 * too (chttpd_db.erl), with {@code "accepted": true} in a {@code _bulk_docs} row that was accepted. A single node
 * (w = 1) never answers it. On a cluster the executor judges such a reply as the 201 (or 200) the step expects.
 */
final class ClusterWrites {

    private static final Set<String> WRITES = Set.of("PUT", "POST", "DELETE", "COPY");
    private static final ObjectMapper JSON = new ObjectMapper();

    private ClusterWrites() {}

    /** Whether {@code method} of {@code path} is a write CouchDB may answer with 202 on a cluster. */
    static boolean mayBeAccepted(String method, String path) {
        if (!WRITES.contains(method)) {
            return false;
        }
        List<String> segments = PathSegments.of(path);
        if (segments.isEmpty() || segments.get(0).startsWith("_")) {
            return false;
        }
        if (segments.size() == 1) {
            return true;
        }
        String second = segments.get(1);
        if (second.equals("_bulk_docs") || second.equals("_purge")) {
            return method.equals("POST");
        }
        if (second.equals("_design")) {
            // the design document itself or its attachments, not its functions (_update answers what the function says)
            return segments.size() == 3 || segments.size() >= 4 && !segments.get(3).startsWith("_");
        }
        return !second.startsWith("_") || second.equals("_local");
    }

    /** {@code body} without the {@code "accepted": true} member a cluster adds to accepted {@code _bulk_docs} rows. */
    static String withoutAcceptedMarks(String body) {
        try {
            JsonNode parsed = JSON.readTree(body);
            if (!(parsed instanceof ArrayNode rows)) {
                return body;
            }
            boolean changed = false;
            for (JsonNode row : rows) {
                if (row instanceof ObjectNode object && object.path("accepted").asBoolean(false)) {
                    object.remove("accepted");
                    changed = true;
                }
            }
            return changed ? JSON.writeValueAsString(rows) : body;
        } catch (IOException e) {
            return body;
        }
    }
}
