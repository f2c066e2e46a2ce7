package org.couchtck.reference.endpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.reference.globalchanges.GlobalChangesConfig;
import org.couchtck.reference.globalchanges.GlobalChangesStore;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.Revision;
import org.couchtck.reference.store.Store;

/** The global_changes writer's target: one new revision of a {@code type:db_name} document per event. */
final class GlobalChangesDatabase implements GlobalChangesStore {

    static final String NAME = GlobalChangesConfig.DB_NAME;

    private final Store store;

    GlobalChangesDatabase(Store store) {
        this.store = store;
    }

    @Override
    public boolean touch(List<String> docIds) {
        Optional<Database> db = store.get(NAME);
        if (db.isEmpty()) {
            return false;
        }
        List<DocumentWrite> writes = new ArrayList<>();
        for (String id : docIds) {
            Revision current = db.get().get(id).filter(d -> !d.deleted()).map(DocumentState::winner)
                    .map(n -> n.rev()).orElse(null);
            writes.add(new DocumentWrite(id, current, false, Json.object(), null));
        }
        db.get().write(writes);
        return true;
    }
}
