package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Function;
import org.couchtck.reference.store.ChangesSnapshot;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;

/** The database an index is built from, as the indexer reads it. */
public interface IndexSource {

    /** The database's update sequence now. */
    long updateSeq();

    /** Every document changed after {@code since}, each once at its latest sequence, in sequence order. */
    ChangesSnapshot changesSince(long since);

    /** The document as map functions see it ({@code _id}, {@code _rev}, the body, attachment stubs). */
    ObjectNode mapInput(DocumentState document);

    /** A database read as it is now, its documents shown to map functions by {@code mapInput}. */
    static IndexSource of(Database db, Function<DocumentState, ObjectNode> mapInput) {
        return new IndexSource() {
            @Override
            public long updateSeq() {
                return db.updateSeq();
            }

            @Override
            public ChangesSnapshot changesSince(long since) {
                return db.changes(since, false, Long.MAX_VALUE);
            }

            @Override
            public ObjectNode mapInput(DocumentState document) {
                return mapInput.apply(document);
            }
        };
    }
}
