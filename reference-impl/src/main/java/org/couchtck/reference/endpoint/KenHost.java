package org.couchtck.reference.endpoint;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.couchtck.reference.ken.BuildListener;
import org.couchtck.reference.ken.DesignDoc;
import org.couchtck.reference.ken.IndexBuild;
import org.couchtck.reference.ken.IndexHost;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.Store;
import org.couchtck.reference.views.DesignDefinition;
import org.couchtck.reference.views.DesignIndex;
import org.couchtck.reference.views.ViewIndexes;

/**
 * The endpoint as ken sees it: design documents and sequences from the store, builds of the same view indexes that
 * queries use, run on the endpoint's background threads (so they show in {@code _active_tasks}).
 */
final class KenHost implements IndexHost {

    private final Store store;
    private final ViewIndexes indexes;
    private final ViewServers functions;
    private final QueryServerPool pool;
    private final ExecutorService background;

    KenHost(Store store, ViewIndexes indexes, ViewServers functions, QueryServerPool pool,
            ExecutorService background) {
        this.store = store;
        this.indexes = indexes;
        this.functions = functions;
        this.pool = pool;
        this.background = background;
    }

    @Override
    public List<DesignDoc> designDocs(String db) {
        return store.get(db).map(d -> d.designDocuments().stream()
                .filter(doc -> !doc.deleted())
                .map(doc -> DesignDoc.of(doc.id(), doc.winner().body()))
                .toList()).orElse(List.of());
    }

    @Override
    public long updateSeq(String db) {
        return store.get(db).map(Database::updateSeq).orElse(0L);
    }

    @Override
    public long indexedSeq(String db, String ddocId) {
        return store.get(db).flatMap(d -> index(d, ddocId)).map(DesignIndex::indexedSeq).orElse(0L);
    }

    @Override
    public boolean languageSupported(String language) {
        return pool.serves(language);
    }

    @Override
    public IndexBuild startBuild(String db, String ddocId, long targetSeq, BuildListener listener) {
        try {
            background.execute(() -> build(db, ddocId, listener));
        } catch (RejectedExecutionException e) {
            listener.completed(); // the endpoint is stopping
        }
        return () -> { };
    }

    private void build(String db, String ddocId, BuildListener listener) {
        try {
            store.get(db).ifPresent(d -> index(d, ddocId).ifPresent(i -> i.update(ViewRoute.source(d), functions)));
            listener.completed();
        } catch (CouchError e) {
            // the index answered with an error (a function that does not compile...): ken does not retry on its own
            listener.completed();
        } catch (RuntimeException e) {
            listener.crashed(e);
        }
    }

    private java.util.Optional<DesignIndex> index(Database db, String ddocId) {
        return db.get(ddocId).filter(d -> !d.deleted()).map(DocumentState::winner)
                .map(node -> indexes.indexFor(db.name(), db.indexKey(), DesignDefinition.of(ddocId, node.body())));
    }
}
