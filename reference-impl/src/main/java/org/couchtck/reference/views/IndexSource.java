package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.couchtck.reference.store.ChangesSnapshot;
import org.couchtck.reference.store.DocumentState;

/** The database an index is built from, as the indexer reads it. */
public interface IndexSource {

    /** The database's update sequence now. */
    long updateSeq();

    /** Every document changed after {@code since}, each once at its latest sequence, in sequence order. */
    ChangesSnapshot changesSince(long since);

    /** The document as map functions see it ({@code _id}, {@code _rev}, the body, attachment stubs). */
    ObjectNode mapInput(DocumentState document);
}
