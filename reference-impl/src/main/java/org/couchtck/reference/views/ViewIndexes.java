package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Every view index of the server, kept as couch_index_server keeps them: per database incarnation and view
 * signature. Two design documents whose views have the same signature (same map and reduce sources, options,
 * language and lib, whatever their ids or {@code autoupdate}) share one index, so building one builds the other; a
 * design document whose views change gets the index of its new signature; a deleted or recreated database loses its
 * indexes.
 */
public final class ViewIndexes {

    private record Owner(String database, String databaseUuid, String signature) {}

    private final Map<Owner, DesignIndex> indexes = new ConcurrentHashMap<>();
    private final Function<ViewDefinition, Comparator<JsonNode>> collations;
    private final LongSupplier clockMillis;

    public ViewIndexes(Function<ViewDefinition, Comparator<JsonNode>> collations, LongSupplier clockMillis) {
        this.collations = collations;
        this.clockMillis = clockMillis;
    }

    /**
     * The index of {@code design}'s signature in the database, made empty when none exists yet; it may have been made
     * for (and be built by) another design document of the same signature.
     */
    public DesignIndex indexFor(String database, String databaseUuid, DesignDefinition design) {
        return indexes.computeIfAbsent(new Owner(database, databaseUuid, design.signature()),
                o -> new DesignIndex(database, design, collations, clockMillis));
    }

    /** Forgets every index of a database (deleted, or recreated under a new uuid). */
    public void dropDatabase(String database) {
        indexes.keySet().removeIf(owner -> owner.database().equals(database));
    }

    /** The builds under way, for {@code _active_tasks}. */
    public List<IndexerTask> tasks() {
        List<IndexerTask> tasks = new ArrayList<>();
        for (DesignIndex index : indexes.values()) {
            index.task().ifPresent(tasks::add);
        }
        return tasks;
    }
}
