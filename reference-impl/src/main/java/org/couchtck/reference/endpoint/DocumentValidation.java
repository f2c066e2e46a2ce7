package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.reference.store.AttachmentWrite;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.Revision;
import org.couchtck.reference.store.RevisionNode;
import org.couchtck.reference.store.WriteResult;

/**
 * {@code validate_doc_update} as couch_db runs it before a write: every design document of the database that has one,
 * in id order, gets {@code [newDoc, oldDoc, userCtx, secObj]}; the first that does not accept refuses the write.
 * {@code _local} and design documents are not validated (a design document needs an admin, checked elsewhere), and
 * neither is a write the store will refuse as a conflict anyway (CouchDB checks the revision first).
 */
final class DocumentValidation {

    private final DesignDocCalls calls;

    DocumentValidation(DesignDocCalls calls) {
        this.calls = calls;
    }

    /** The refusal of {@code write} by {@code user}, or empty when it may be stored. */
    Optional<WriteResult.Refused> check(Database db, DocumentWrite write, UserContext user, boolean newEdits) {
        if (write.id().startsWith("_local/") || write.id().startsWith("_design/")) {
            return Optional.empty();
        }
        List<ObjectNode> validators = validators(db);
        if (validators.isEmpty()) {
            return Optional.empty();
        }
        Optional<JsonNode> oldDoc = newEdits ? edited(db, write) : replicatedParent(db, write);
        if (oldDoc.isEmpty()) {
            return Optional.empty();
        }
        ArrayNode args = Json.MAPPER.createArrayNode();
        args.add(newDoc(write));
        args.add(oldDoc.get());
        args.add(DesignRequests.userCtx(user, db));
        args.add(db.security().deepCopy());
        for (ObjectNode ddoc : validators) {
            JsonNode reply;
            try {
                reply = calls.call(ddoc, List.of("validate_doc_update"), args);
            } catch (CouchError e) {
                return Optional.of(new WriteResult.Refused(write.id(), e.status(), e.error(), e.reason()));
            }
            Optional<WriteResult.Refused> refused = refusal(write.id(), reply);
            if (refused.isPresent()) {
                return refused;
            }
        }
        return Optional.empty();
    }

    /** couch_query_servers:validate_doc_update's reading of a reply. */
    private static Optional<WriteResult.Refused> refusal(String id, JsonNode reply) {
        if (reply.isNumber() && reply.asInt() == 1 || reply.isBoolean() && reply.asBoolean()
                || "ok".equals(reply.textValue())) {
            return Optional.empty();
        }
        if (reply.isObject() && reply.size() == 1) {
            String key = reply.fieldNames().next();
            String message = reply.get(key).isTextual() ? reply.get(key).asText() : Json.write(reply.get(key));
            return Optional.of(switch (key) {
                case "forbidden" -> new WriteResult.Refused(id, 403, "forbidden", message);
                case "unauthorized" -> new WriteResult.Refused(id, 401, "unauthorized", message);
                default -> new WriteResult.Refused(id, 500, "unknown_error", message);
            });
        }
        if (reply.isTextual()) {
            return Optional.of(new WriteResult.Refused(id, 500, "unknown_error", reply.asText()));
        }
        // anything else matches no clause of the case expression: Erlang's function_clause
        return Optional.of(new WriteResult.Refused(id, 500, "unknown_error", "function_clause"));
    }

    /** Design documents with a validate_doc_update function, by id (as couch_db loads them). */
    private static List<ObjectNode> validators(Database db) {
        List<ObjectNode> out = new ArrayList<>();
        db.designDocuments().stream().filter(d -> !d.deleted())
                .forEach(d -> {
                    if (d.winner().body().path("validate_doc_update").isTextual()) {
                        out.add(DocumentJson.render(d, d.winner(), DocumentJson.Options.PLAIN));
                    }
                });
        return out;
    }

    /**
     * The stored revision an interactive write edits ({@code null} for a new document), or empty when the store will
     * refuse it as a conflict.
     */
    private static Optional<JsonNode> edited(Database db, DocumentWrite write) {
        Optional<DocumentState> doc = db.get(write.id());
        if (write.rev() == null) {
            if (doc.isEmpty() || doc.get().deleted()) {
                return Optional.of(Json.MAPPER.nullNode());
            }
            return Optional.empty();
        }
        if (doc.isEmpty()) {
            return Optional.empty();
        }
        return doc.get().leaves().stream().filter(l -> l.rev().equals(write.rev())).findFirst()
                .map(leaf -> stored(doc.get(), leaf));
    }

    /** With new_edits=false: the nearest ancestor the database has, or null. */
    private static Optional<JsonNode> replicatedParent(Database db, DocumentWrite write) {
        Optional<DocumentState> doc = db.get(write.id());
        if (doc.isPresent()) {
            List<Revision> history = write.history().isEmpty() ? List.of(write.rev()) : write.history();
            for (Revision r : history.subList(Math.min(1, history.size()), history.size())) {
                Optional<RevisionNode> node = doc.get().tree().find(r);
                if (node.isPresent()) {
                    return Optional.of(stored(doc.get(), node.get()));
                }
            }
        }
        return Optional.of(Json.MAPPER.nullNode());
    }

    private static JsonNode stored(DocumentState doc, RevisionNode node) {
        return DocumentJson.render(doc, node, new DocumentJson.Options(true, false, false));
    }

    /** The document as the client sent it, with {@code _revisions} of the revisions it names (couch_doc, [revs]). */
    static ObjectNode newDoc(DocumentWrite write) {
        ObjectNode doc = Json.object();
        doc.put("_id", write.id());
        if (write.rev() != null) {
            doc.put("_rev", write.rev().toString());
        }
        if (write.deleted()) {
            doc.put("_deleted", true);
        }
        doc.setAll(write.body());
        if (!write.attachments().isEmpty()) {
            ObjectNode attachments = doc.putObject("_attachments");
            for (AttachmentWrite a : write.attachments()) {
                ObjectNode stub = attachments.putObject(a.name());
                if (a instanceof AttachmentWrite.Data data) {
                    stub.put("content_type", data.contentType());
                    stub.put("revpos", 0);
                    stub.put("length", data.bytes().length);
                } else if (a instanceof AttachmentWrite.Stub s && s.revpos() != null) {
                    stub.put("revpos", s.revpos());
                }
                stub.put("stub", true);
            }
        }
        if (write.rev() != null) {
            ObjectNode revisions = doc.putObject("_revisions");
            revisions.put("start", write.rev().pos());
            ArrayNode ids = revisions.putArray("ids");
            List<Revision> history = write.history().isEmpty() ? List.of(write.rev()) : write.history();
            history.forEach(r -> ids.add(r.hash()));
        }
        return doc;
    }
}
