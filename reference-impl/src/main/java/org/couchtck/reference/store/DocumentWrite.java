package org.couchtck.reference.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * One document as a client sent it for writing, its special fields taken apart.
 *
 * @param id the document id
 * @param rev the {@code _rev} it names (the revision it updates, or with new_edits=false the revision it is), or null
 * @param deleted {@code _deleted: true}
 * @param body the body without special fields
 * @param history with new_edits=false, the {@code _revisions} ids from {@code rev} back, newest first (may be just rev)
 * @param attachments its {@code _attachments}, in document order: none means the new revision has none, whatever its
 *     parent had
 */
public record DocumentWrite(String id, Revision rev, boolean deleted, ObjectNode body, List<Revision> history,
        List<AttachmentWrite> attachments) {

    public DocumentWrite {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(body, "body");
        history = history == null ? List.of() : List.copyOf(history);
        attachments = attachments == null ? List.of() : List.copyOf(attachments);
    }

    /** A write without attachments. */
    public DocumentWrite(String id, Revision rev, boolean deleted, ObjectNode body, List<Revision> history) {
        this(id, rev, deleted, body, history, List.of());
    }

    boolean hasStubs() {
        return attachments.stream().anyMatch(a -> a instanceof AttachmentWrite.Stub);
    }
}
