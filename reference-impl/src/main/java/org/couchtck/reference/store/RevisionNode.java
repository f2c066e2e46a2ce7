package org.couchtck.reference.store;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One revision of a document.
 *
 * @param rev its id
 * @param parent the revision it was written on top of, or null for a first revision (or an unknown ancestry)
 * @param body the body without special fields; null for an ancestor only known by id (written with new_edits=false)
 * @param deleted whether this revision is a deletion
 */
public record RevisionNode(Revision rev, Revision parent, ObjectNode body, boolean deleted) {}
