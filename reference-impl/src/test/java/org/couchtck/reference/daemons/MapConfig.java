package org.couchtck.reference.daemons;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/** A configuration in memory for the host's tests; changing it does not tell the host (the test does). */
final class MapConfig implements DaemonConfig {

    private final Map<String, SortedMap<String, String>> sections = new TreeMap<>();

    MapConfig set(String section, String key, String value) {
        sections.computeIfAbsent(section, s -> new TreeMap<>()).put(key, value);
        return this;
    }

    MapConfig delete(String section, String key) {
        sections.getOrDefault(section, new TreeMap<>()).remove(key);
        return this;
    }

    @Override
    public SortedMap<String, String> section(String section) {
        return Collections.unmodifiableSortedMap(new TreeMap<>(sections.getOrDefault(section, new TreeMap<>())));
    }

    @Override
    public Optional<String> get(String section, String key) {
        return Optional.ofNullable(sections.getOrDefault(section, new TreeMap<>()).get(key));
    }
}
