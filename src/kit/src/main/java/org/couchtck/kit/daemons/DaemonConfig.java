package org.couchtck.kit.daemons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.reference.config.IniFile;
import org.couchtck.reference.config.IniValues;

/**
 * The configuration the kit answers an OS daemon's {@code get} requests from: sections of string keys and values, read
 * from ini text as CouchDB 2.2.0's config application (config 1.0.4, {@code parse_ini_file}) reads its ini files, by
 * the reference implementation's reader ({@link IniFile}), so the kit and the reference endpoint agree on every quirk.
 */
public final class DaemonConfig {


    private final Map<String, Map<String, String>> sections;

    private DaemonConfig(Map<String, Map<String, String>> sections) {
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        sections.forEach((name, values) -> copy.put(name, Collections.unmodifiableMap(new LinkedHashMap<>(values))));
        this.sections = Collections.unmodifiableMap(copy);
    }

    /** A configuration with no sections. */
    public static DaemonConfig empty() {
        return new DaemonConfig(Map.of());
    }

    /** The configuration {@code text} holds, read as CouchDB reads an ini file (by the reference's reader). */
    public static DaemonConfig parse(String text) {
        IniValues values = IniValues.of(List.of(IniFile.parse(text)));
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        values.sectionNames().forEach(name -> sections.put(name, values.section(name)));
        return new DaemonConfig(sections);
    }

    /**
     * The configuration in {@code file}.
     *
     * @throws UncheckedIOException when it cannot be read
     */
    public static DaemonConfig read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The keys and values of {@code section} in the order they were set; empty when there is no such section. */
    public Map<String, String> section(String section) {
        return sections.getOrDefault(section, Map.of());
    }

    /** The value of {@code key} in {@code section}. */
    public Optional<String> value(String section, String key) {
        return Optional.ofNullable(section(section).get(key));
    }

    /** The names of the sections, in the order they first appeared. */
    public List<String> sectionNames() {
        return new ArrayList<>(sections.keySet());
    }

    /** This configuration with {@code key} of {@code section} set to {@code value}. */
    public DaemonConfig with(String section, String key, String value) {
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        sections.forEach((name, values) -> copy.put(name, new LinkedHashMap<>(values)));
        copy.computeIfAbsent(section, name -> new LinkedHashMap<>()).put(key, value);
        return new DaemonConfig(copy);
    }

    /** This configuration with every value of {@code other} set over it. */
    public DaemonConfig with(DaemonConfig other) {
        DaemonConfig merged = this;
        for (String name : other.sectionNames()) {
            for (Map.Entry<String, String> entry : other.section(name).entrySet()) {
                merged = merged.with(name, entry.getKey(), entry.getValue());
            }
        }
        return merged;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DaemonConfig config && config.sections.equals(sections);
    }

    @Override
    public int hashCode() {
        return sections.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        sections.forEach((name, values) -> {
            text.append('[').append(name).append("]\n");
            values.forEach((key, value) -> text.append(key).append(" = ").append(value).append('\n'));
        });
        return text.toString();
    }
}
