package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.wire.WireJson;

/**
 * A conflicting write a cluster took. fabric_doc_update sends a write to every copy of the document's range and
 * answers what {@code w} of them agree on; a copy that has not yet got the document's latest revision (or the document)
 * takes an edit the others refuse as a conflict, and when too few agree and some took it, the write is answered
 * {@code 202 Accepted} ({@code "accepted": true} in a {@code _bulk_docs} row). Internal replication then brings the
 * edit to every copy as a branch of its own: the document is in conflict, which CouchDB documents a client finds with
 * {@code ?conflicts=true} (docs: "Replication and conflict model"). So on a cluster, a write a step expects refused
 * with 409 and the cluster took is judged by reading its document that way: the write's revision must be one of its
 * leaves, beside another.
 */
final class ClusterConflicts {

    private ClusterConflicts() {}

    /** A write a cluster took: the path of its document, its id and the revision it made. */
    record Taken(String documentPath, String id, String rev) {

        /** The read that shows whether the revision is a conflict: every leaf, live or deleted, beside the winner. */
        String conflictsRead() {
            return documentPath + "?conflicts=true&deleted_conflicts=true";
        }
    }

    /**
     * The document write that {@code method} of {@code path} made, when {@code body} says it was taken ({@code ok},
     * {@code id}, {@code rev}): a PUT or DELETE of a document (or of one of its attachments) or a POST of one to its
     * database; {@code _local} documents have no revisions to conflict.
     */
    static Optional<Taken> single(String method, String path, String body) {
        List<String> segments = PathSegments.of(path);
        if (segments.isEmpty() || segments.get(0).startsWith("_")) {
            return Optional.empty();
        }
        JsonNode reply = WireJson.tryParse(body).orElse(null);
        if (reply == null || !reply.path("ok").asBoolean(false) || !reply.path("id").isTextual()
                || !reply.path("rev").isTextual()) {
            return Optional.empty();
        }
        String database = "/" + segments.get(0);
        String id = reply.get("id").textValue();
        boolean documentWrite = (method.equals("PUT") || method.equals("DELETE")) && segments.size() >= 2
                && !segments.get(1).equals("_local")
                && (!segments.get(1).startsWith("_") || segments.get(1).equals("_design") && segments.size() >= 3);
        boolean documentPost = method.equals("POST") && segments.size() == 1;
        if (!documentWrite && !documentPost) {
            return Optional.empty();
        }
        return Optional.of(new Taken(documentPath(database, id), id, reply.get("rev").textValue()));
    }

    /** The rows of a {@code _bulk_docs} reply to {@code path} that a cluster marked accepted. */
    static List<Taken> acceptedRows(String path, String body) {
        List<String> segments = PathSegments.of(path);
        List<Taken> taken = new ArrayList<>();
        if (segments.size() != 2 || !segments.get(1).equals("_bulk_docs")) {
            return taken;
        }
        JsonNode reply = WireJson.tryParse(body).orElse(null);
        if (!(reply instanceof ArrayNode rows)) {
            return taken;
        }
        for (JsonNode row : rows) {
            if (row.path("accepted").asBoolean(false) && row.path("id").isTextual() && row.path("rev").isTextual()
                    && !row.get("id").textValue().startsWith("_local/")) {
                String id = row.get("id").textValue();
                taken.add(new Taken(documentPath("/" + segments.get(0), id), id, row.get("rev").textValue()));
            }
        }
        return taken;
    }

    /**
     * Whether {@code document}, as read by {@link Taken#conflictsRead}, holds {@code rev} as one of two or more
     * leaves: the winner with a conflict beside it, or a conflict (a deleted one too) beside the winner.
     */
    static boolean showsConflict(JsonNode document, String rev) {
        List<String> others = new ArrayList<>();
        document.path("_conflicts").forEach(leaf -> others.add(leaf.asText()));
        document.path("_deleted_conflicts").forEach(leaf -> others.add(leaf.asText()));
        return !others.isEmpty() && (others.contains(rev) || rev.equals(document.path("_rev").asText()));
    }

    /**
     * {@code body}, a {@code _bulk_docs} reply, with the rows of {@code conflicts} as the conflict a single node
     * reports, and no {@code "accepted"} marks left.
     */
    static String withConflictRows(String body, List<Taken> conflicts) {
        JsonNode reply = WireJson.tryParse(body).orElse(null);
        if (!(reply instanceof ArrayNode rows)) {
            return body;
        }
        ArrayNode out = rows.arrayNode();
        for (JsonNode row : rows) {
            boolean conflict = conflicts.stream().anyMatch(c -> c.id().equals(row.path("id").asText())
                    && c.rev().equals(row.path("rev").asText()));
            if (conflict) {
                ObjectNode refused = out.addObject();
                refused.put("id", row.path("id").asText());
                refused.put("error", "conflict");
                refused.put("reason", "Document update conflict.");
            } else {
                out.add(row);
            }
        }
        return ClusterWrites.withoutAcceptedMarks(WireJson.write(out));
    }

    private static String documentPath(String database, String id) {
        for (String prefix : List.of("_design/", "_local/")) {
            if (id.startsWith(prefix)) {
                return database + "/" + prefix + Template.percentEncoded(id.substring(prefix.length()));
            }
        }
        return database + "/" + Template.percentEncoded(id);
    }
}
