package org.couchtck.reference.config;

import java.util.Objects;

/** One configuration key: {@code [section] key}. */
public record ConfigKey(String section, String key) implements Comparable<ConfigKey> {

    public ConfigKey {
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(key, "key");
    }

    @Override
    public int compareTo(ConfigKey other) {
        int bySection = section.compareTo(other.section);
        return bySection != 0 ? bySection : key.compareTo(other.key);
    }

    @Override
    public String toString() {
        return "[" + section + "] " + key;
    }
}
