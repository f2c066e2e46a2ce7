package org.couchtck.reference.ken;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What steers ken. The first three are CouchDB's {@code [ken]} options, read afresh each time ken decides; the next
 * three are ken's internal state, which CouchDB sets only through {@code ken_server:set_*} calls (never from the
 * ini files); {@code ignoredDbs} is the {@code [ken.ignore]} section.
 *
 * @param batchChannels {@code batch_channels}: builds of any size may start while fewer than this many run (20)
 * @param incrementalChannels {@code incremental_channels}: extra slots above {@code batchChannels}, only for
 *     builds less than {@code maxIncrementalUpdates} behind (80)
 * @param maxIncrementalUpdates {@code max_incremental_updates}: how far behind a build may be and still take an
 *     incremental slot (1000)
 * @param delayMillis the cool-down of an index after its build started: within it, a new build of that index takes
 *     a batch slot and needs the database to have moved {@code batchSize} since; also the age after which an idle
 *     job record is pruned, and the least time between prunes (5000)
 * @param batchSize how many updates since an index's last build allow a new one during the cool-down (1)
 * @param pruneIntervalMillis how long ken idles before it wakes up by itself to prune and look at its queue (60000)
 * @param ignoredDbs databases never looked at: the keys of {@code [ken.ignore]} whose value is {@code "true"} (CouchDB
 *     names shard files there; the reference names the databases as the endpoint reports them to ken)
 */
public record KenConfig(int batchChannels, int incrementalChannels, long maxIncrementalUpdates, long delayMillis,
        long batchSize, long pruneIntervalMillis, Set<String> ignoredDbs) {

    public KenConfig {
        if (batchChannels < 0 || incrementalChannels < 0 || delayMillis < 0 || batchSize <= 0
                || pruneIntervalMillis <= 0) {
            throw new IllegalArgumentException("ken: channels >= 0, delay >= 0, batch size > 0, prune interval > 0");
        }
        ignoredDbs = Set.copyOf(ignoredDbs);
    }

    /** CouchDB's defaults: 20 batch and 80 incremental channels, 1000 updates, 5 s delay, batch size 1, 60 s. */
    public static KenConfig defaults() {
        return new KenConfig(20, 80, 1000, 5000, 1, 60_000, Set.of());
    }

    /** {@link #fromConfig(Map, Map)} without a {@code [ken.ignore]} section. */
    public static KenConfig fromConfig(Map<String, String> ken) {
        return fromConfig(ken, Map.of());
    }

    /**
     * The settings as the config store holds them: {@code ken} is the {@code [ken]} section ({@code batch_channels},
     * {@code incremental_channels}, {@code max_incremental_updates}; absent keys take the defaults), {@code ignore}
     * the {@code [ken.ignore]} section. A value that is not a whole number counts as absent (CouchDB's ken would
     * crash on it and be restarted by its supervisor until it gives up).
     */
    public static KenConfig fromConfig(Map<String, String> ken, Map<String, String> ignore) {
        KenConfig d = defaults();
        Set<String> ignored = new TreeSet<>();
        ignore.forEach((db, value) -> {
            if ("true".equals(value)) {
                ignored.add(db);
            }
        });
        return new KenConfig(
                (int) number(ken, "batch_channels", d.batchChannels()),
                (int) number(ken, "incremental_channels", d.incrementalChannels()),
                number(ken, "max_incremental_updates", d.maxIncrementalUpdates()),
                d.delayMillis(), d.batchSize(), d.pruneIntervalMillis(), ignored);
    }

    /** All the channels: no more builds than this run at once. */
    public int totalChannels() {
        return batchChannels + incrementalChannels;
    }

    /** Whether {@code db} is in {@code [ken.ignore]}. */
    public boolean ignores(String db) {
        return ignoredDbs.contains(db);
    }

    private static long number(Map<String, String> section, String key, long fallback) {
        String value = section.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            long parsed = Long.parseLong(value);
            return parsed >= 0 && parsed <= Integer.MAX_VALUE ? parsed : fallback;
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
