package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Every view index of the server: per database incarnation and design document, the index of its current
 * definition. A design document whose views change gets a fresh index; a deleted or recreated database loses its
 * indexes.
 */
public final class ViewIndexes {

    private record Owner(String database, String databaseUuid, String ddocId) {}

    private final Map<Owner, DesignIndex> indexes = new ConcurrentHashMap<>();
    private final Function<ViewDefinition, Comparator<JsonNode>> collations;
    private final LongSupplier clockMillis;

    public ViewIndexes(Function<ViewDefinition, Comparator<JsonNode>> collations, LongSupplier clockMillis) {
        this.collations = collations;
        this.clockMillis = clockMillis;
    }

    /** The index of {@code design} in the database, made empty when none exists for this definition. */
    public DesignIndex indexFor(String database, String databaseUuid, DesignDefinition design) {
        Owner owner = new Owner(database, databaseUuid, design.ddocId());
        return indexes.compute(owner, (o, existing) -> existing != null
                && existing.design().signature().equals(design.signature())
                        ? existing
                        : new DesignIndex(database, design, collations, clockMillis));
    }

    /** The index already kept for a design document, if any. */
    public Optional<DesignIndex> existing(String database, String databaseUuid, String ddocId) {
        return Optional.ofNullable(indexes.get(new Owner(database, databaseUuid, ddocId)));
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
