package org.couchtck.reference.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One revision of a document.
 *
 * @param rev its id
 * @param parent the revision it was written on top of, or null for a first revision (or an unknown ancestry)
 * @param body the body without special fields; null for an ancestor only known by id (written with new_edits=false)
 * @param deleted whether this revision is a deletion
 * @param attachments its attachments, in document order
 */
public record RevisionNode(Revision rev, Revision parent, ObjectNode body, boolean deleted,
        List<Attachment> attachments) {

    public RevisionNode {
        attachments = attachments == null ? List.of() : List.copyOf(attachments);
    }

    /** A revision without attachments. */
    public RevisionNode(Revision rev, Revision parent, ObjectNode body, boolean deleted) {
        this(rev, parent, body, deleted, List.of());
    }

    /** The attachment of that name, if this revision has one. */
    public java.util.Optional<Attachment> attachment(String name) {
        return attachments.stream().filter(a -> a.name().equals(name)).findFirst();
    }
}
