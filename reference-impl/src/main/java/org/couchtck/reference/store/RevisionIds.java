package org.couchtck.reference.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.couchtck.reference.erlang.ErlangTermEncoder;

/**
 * Revision ids as CouchDB 3.x makes them ({@code couch_db:new_revid/1}): the MD5 of
 * {@code term_to_binary([Deleted, OldStart, OldRev, Body, Atts], [{minor_version, 1}])}. They are deterministic, so
 * the same edit gets the same id here as on a real CouchDB, which the recorded exchanges check.
 */
public final class RevisionIds {

    /** Special fields couch_doc:transfer_fields takes out of the body (into the #doc record, or ignores). */
    private static final Set<String> TAKEN_OUT = Set.of("_id", "_rev", "_attachments", "_revisions", "_deleted",
            "_revs_info", "_local_seq", "_conflicts", "_deleted_conflicts");
    /** Special fields transfer_fields leaves in the body, so they count in the hash. */
    private static final Set<String> KEPT = Set.of("_access", "_replication_state", "_replication_state_time",
            "_replication_state_reason", "_replication_id", "_replication_stats");
    private static final HexFormat HEX = HexFormat.of();

    private RevisionIds() {
    }

    /**
     * One attachment as new_revid hashes it: CouchDB's {@code {Name, Type, Md5}}.
     *
     * @param md5 the 16-byte digest CouchDB keeps for the attachment (the {@code digest} it reports): for a content type
     *     it compresses ({@code text/*}, JSON, ...) that is the MD5 of the gzip-encoded bytes, not of the data
     */
    public record Attachment(String name, String contentType, byte[] md5) {

        public Attachment {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(contentType, "contentType");
            Objects.requireNonNull(md5, "md5");
        }
    }

    /**
     * The hash part (32 lower-case hex digits) of the revision that follows {@code oldStart-oldRev}, for a document
     * without attachments; the full id is {@code (oldStart + 1) + "-" + hash}.
     *
     * @param deleted whether the new revision is a deletion
     * @param oldStart the position of the revision it follows, 0 for a new document
     * @param oldRev the hash of the revision it follows as CouchDB holds it (the 16 bytes of a hex id), null for none
     * @param body the body without the special fields (see {@link #bodyOf(ObjectNode)}); {@code {}} for a DELETE
     */
    public static String next(boolean deleted, long oldStart, byte[] oldRev, JsonNode body) {
        return next(deleted, oldStart, oldRev, body, List.of());
    }

    /** As {@link #next(boolean, long, byte[], JsonNode)}, for a document with attachments, in document order. */
    public static String next(boolean deleted, long oldStart, byte[] oldRev, JsonNode body,
            List<Attachment> attachments) {
        ErlangTermEncoder term = new ErlangTermEncoder()
                .listHeader(5)
                .atom(deleted ? "true" : "false")
                .integer(oldStart);
        if (oldRev == null) {
            term.integer(0); // new_revid's OldRev when the document has no revision yet
        } else {
            term.binary(oldRev);
        }
        term.json(body);
        if (attachments.isEmpty()) {
            term.nil();
        } else {
            // new_revid folds the attachments into a list by prepending, so they end up last first
            term.listHeader(attachments.size());
            for (int i = attachments.size() - 1; i >= 0; i--) {
                Attachment att = attachments.get(i);
                term.tupleHeader(3).utf8(att.name()).utf8(att.contentType()).binary(att.md5());
            }
            term.nil();
        }
        term.nil(); // the tail of the outer list
        return HEX.formatHex(md5(term.toByteArray()));
    }

    /**
     * The body CouchDB stores and hashes for a document as a client sent it: the fields in their order, without the
     * special ones couch_doc:transfer_fields takes out ({@code _id}, {@code _rev}, {@code _deleted}, ...); the
     * {@code _access} and replication-state fields stay.
     *
     * @throws IllegalArgumentException for a special field CouchDB rejects (an unknown one, or {@code _deleted} that is
     *     not a boolean, {@code _attachments} or {@code _revisions} that is not an object), with CouchDB's reason
     */
    public static ObjectNode bodyOf(ObjectNode document) {
        ObjectNode body = document.objectNode();
        for (Map.Entry<String, JsonNode> field : document.properties()) {
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (!name.startsWith("_") || KEPT.contains(name)) {
                body.set(name, value);
            } else if (!TAKEN_OUT.contains(name) || !hasExpectedType(name, value)) {
                // transfer_fields only matches these with the right type; anything else is its catch-all error
                throw new IllegalArgumentException("Bad special document member: " + name);
            }
        }
        return body;
    }

    private static boolean hasExpectedType(String special, JsonNode value) {
        return switch (special) {
            case "_deleted" -> value.isBoolean();
            case "_attachments", "_revisions" -> value.isObject();
            default -> true;
        };
    }

    private static byte[] md5(byte[] bytes) {
        try {
            return MessageDigest.getInstance("MD5").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }
}
