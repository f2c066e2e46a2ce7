package org.couchtck.reference.globalchanges;

import java.util.List;

/** Where the writer writes: the {@code _global_changes} database of the endpoint. */
public interface GlobalChangesStore {

    /**
     * Writes a new revision of each document {@code docIds} names (creating the ones that do not exist), so that each
     * appears once more in the database's changes feed.
     *
     * @return false when the database does not exist (nothing written)
     */
    boolean touch(List<String> docIds);
}
