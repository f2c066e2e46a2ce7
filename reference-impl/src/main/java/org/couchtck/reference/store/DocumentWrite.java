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
 */
public record DocumentWrite(String id, Revision rev, boolean deleted, ObjectNode body, List<Revision> history) {

    public DocumentWrite {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(body, "body");
        history = history == null ? List.of() : List.copyOf(history);
    }
}
