package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.store.AttachmentWrite;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.Revision;
import org.couchtck.reference.store.RevisionIds;
import org.couchtck.reference.store.RevisionNode;

/** Documents between CouchDB's JSON and the store: special fields taken apart on the way in, put back on the way out. */
final class DocumentJson {

    private DocumentJson() {}

    /**
     * Reads a document a client sent.
     *
     * @param pathId the id the URL names, or null when the body's {@code _id} says it (POST, _bulk_docs)
     * @param queryRev a {@code ?rev=} or {@code If-Match} revision, or null
     */
    static DocumentWrite fromClient(JsonNode json, String pathId, String queryRev) {
        if (!json.isObject()) {
            throw CouchError.badRequest("Document must be a JSON object");
        }
        ObjectNode body;
        try {
            body = RevisionIds.bodyOf((ObjectNode) json);
        } catch (IllegalArgumentException e) {
            throw new CouchError(400, "doc_validation", e.getMessage());
        }
        String id = pathId;
        JsonNode idField = json.get("_id");
        if (idField != null && !idField.isTextual()) {
            throw new CouchError(400, "illegal_docid", "Document id must be a string");
        }
        if (id == null && idField != null) {
            id = idField.asText();
        }
        Revision rev = json.hasNonNull("_rev") ? parseRev(json.get("_rev").asText()) : null;
        boolean deleted = json.path("_deleted").asBoolean(false);
        List<Revision> history = json.has("_revisions") ? parseRevisions(json.get("_revisions")) : List.of();
        if (queryRev != null) {
            Revision fromQuery = parseRev(queryRev);
            if (rev != null && !rev.equals(fromQuery)) {
                throw CouchError.badRequest("Document rev and etag have different values");
            }
            rev = fromQuery;
        }
        if (id == null) {
            throw new IllegalStateException("caller must supply an id when the body has none");
        }
        DocIds.check(id);
        // bodyOf has checked that _attachments, if given, is an object
        List<AttachmentWrite> attachments = json.has("_attachments")
                ? AttachmentsJson.fromClient(json.get("_attachments"))
                : List.of();
        return new DocumentWrite(id, rev, deleted, body, history, attachments);
    }

    static Revision parseRev(String text) {
        return Revision.parse(text).orElseThrow(() -> CouchError.badRequest("Invalid rev format"));
    }

    private static List<Revision> parseRevisions(JsonNode value) {
        if (!value.isObject() || !value.path("start").canConvertToLong() || !value.path("ids").isArray()) {
            throw new CouchError(400, "doc_validation", "_revisions must be an object with start and ids");
        }
        long start = value.path("start").asLong();
        List<Revision> out = new ArrayList<>();
        for (JsonNode id : value.path("ids")) {
            if (start < 1 || !id.isTextual()) {
                throw new CouchError(400, "doc_validation", "RevId isn't a string");
            }
            out.add(new Revision(start--, id.asText()));
        }
        return out;
    }

    /**
     * What rendering a document includes besides its body, and how it shows attachments. {@code _revs_info},
     * {@code _conflicts}, {@code _deleted_conflicts} and {@code _local_seq} are CouchDB's "meta": a read that shows any
     * of them has no ETag.
     */
    record Options(boolean revs, boolean revsInfo, boolean conflicts, boolean deletedConflicts, boolean localSeq,
            AttachmentsJson.Shown attachments) {
        static final Options PLAIN = new Options(false, false, false);

        Options(boolean revs, boolean conflicts, boolean deletedConflicts, AttachmentsJson.Shown attachments) {
            this(revs, false, conflicts, deletedConflicts, false, attachments);
        }

        /** Attachments as stubs. */
        Options(boolean revs, boolean conflicts, boolean deletedConflicts) {
            this(revs, conflicts, deletedConflicts, AttachmentsJson.Shown.STUBS);
        }
    }

    /** Whether {@code rendered} shows any of CouchDB's meta fields (then it is sent without an ETag). */
    static boolean hasMeta(ObjectNode rendered) {
        return rendered.has("_revs_info") || rendered.has("_conflicts") || rendered.has("_deleted_conflicts")
                || rendered.has("_local_seq");
    }

    /** The document at {@code node} (the winner unless a {@code ?rev=} picked another) as CouchDB returns it. */
    static ObjectNode render(DocumentState doc, RevisionNode node, Options options) {
        ObjectNode out = Json.object();
        out.put("_id", doc.id());
        out.put("_rev", node.rev().toString());
        if (node.deleted()) {
            out.put("_deleted", true);
        }
        out.setAll(node.body());
        if (options.revs()) {
            ObjectNode revisions = out.putObject("_revisions");
            revisions.put("start", node.rev().pos());
            ArrayNode ids = revisions.putArray("ids");
            doc.tree().path(node.rev()).forEach(r -> ids.add(r.hash()));
        }
        if (options.revsInfo()) {
            ArrayNode info = out.putArray("_revs_info");
            for (Revision rev : doc.tree().path(node.rev())) {
                String status = doc.tree().find(rev).map(n -> n.deleted() ? "deleted" : "available").orElse("missing");
                info.addObject().put("rev", rev.toString()).put("status", status);
            }
        }
        if (options.conflicts() && node.rev().equals(doc.winner().rev()) && !doc.conflicts().isEmpty()) {
            ArrayNode conflicts = out.putArray("_conflicts");
            doc.conflicts().forEach(c -> conflicts.add(c.rev().toString()));
        }
        if (options.deletedConflicts() && node.rev().equals(doc.winner().rev()) && !doc.deletedConflicts().isEmpty()) {
            ArrayNode conflicts = out.putArray("_deleted_conflicts");
            doc.deletedConflicts().forEach(c -> conflicts.add(c.rev().toString()));
        }
        if (options.localSeq()) {
            out.put("_local_seq", doc.seq());
        }
        // couch_doc:to_json_obj puts _attachments after the body and every meta field
        ObjectNode attachments = AttachmentsJson.render(node.attachments(), options.attachments());
        if (attachments != null) {
            out.set("_attachments", attachments);
        }
        return out;
    }
}
