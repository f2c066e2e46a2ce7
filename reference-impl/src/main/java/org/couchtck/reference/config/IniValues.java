package org.couchtck.reference.config;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** The configuration a list of ini files sets: sections of keys and string values. Immutable. */
public final class IniValues {

    /** No file, no value. */
    public static final IniValues EMPTY = new IniValues(new TreeMap<>());

    private final SortedMap<String, SortedMap<String, String>> sections;

    private IniValues(SortedMap<String, SortedMap<String, String>> sections) {
        this.sections = sections;
    }

    /** The values of {@code files} read in order, each over the ones before. */
    public static IniValues of(List<IniFile> files) {
        Map<String, Map<String, String>> merged = new TreeMap<>();
        files.forEach(file -> file.applyTo(merged));
        SortedMap<String, SortedMap<String, String>> sections = new TreeMap<>();
        merged.forEach((name, values) -> {
            if (!values.isEmpty()) {
                sections.put(name, Collections.unmodifiableSortedMap(new TreeMap<>(values)));
            }
        });
        return new IniValues(Collections.unmodifiableSortedMap(sections));
    }

    /** The sections that hold at least one key. */
    public Set<String> sectionNames() {
        return sections.keySet();
    }

    /** The keys and values of {@code section}; empty if it sets none. */
    public SortedMap<String, String> section(String section) {
        return sections.getOrDefault(section, Collections.emptySortedMap());
    }

    public Optional<String> get(String section, String key) {
        return Optional.ofNullable(section(section).get(key));
    }

    /** Every key whose value differs between this and {@code other}: changed, appeared or gone. */
    public SortedSet<ConfigKey> differingKeys(IniValues other) {
        SortedSet<ConfigKey> differing = new TreeSet<>();
        collectDiffering(this, other, differing);
        collectDiffering(other, this, differing);
        return differing;
    }

    private static void collectDiffering(IniValues from, IniValues to, Set<ConfigKey> into) {
        from.sections.forEach((name, values) -> values.forEach((key, value) -> {
            if (!value.equals(to.section(name).get(key))) {
                into.add(new ConfigKey(name, key));
            }
        }));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IniValues values && sections.equals(values.sections);
    }

    @Override
    public int hashCode() {
        return sections.hashCode();
    }

    @Override
    public String toString() {
        return sections.toString();
    }
}
