package org.couchtck.kit.daemons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The configuration the kit answers an OS daemon's {@code get} requests from: sections of string keys and values, read
 * from ini text as CouchDB 2.2.0's config application (config 1.0.4, {@code parse_ini_file}) reads its ini files.
 *
 * <p>The kit keeps this small reader of its own behind this one class, so that it can later read through the
 * reference implementation's ini reader instead without anything else changing.
 *
 * <p>The rules, from {@code parse_ini_file}: lines end at CR LF, LF, CR or Ctrl-Z; a stripped line {@code [name]}
 * opens a section (a {@code ]} anywhere but at the end makes the line ignored); {@code ;} at the start is a comment;
 * otherwise the line splits at each {@code =} with at most one space either side (the {@code "\s?=\s?"} of the
 * Erlang source, where {@code \s} is a space): the first part is the key, the rest (joined by {@code =}) the value, cut at the first {@code " ;"} or tab-semicolon; an empty value
 * deletes the key; a line beginning with one space and more text, with no {@code =}, continues the previous value
 * after a space. Keys before any section belong to the section named {@code ""}. A later value replaces an earlier one.
 */
public final class DaemonConfig {

    private static final Pattern LINE_BREAK = Pattern.compile("\r\n|\n|\r|\032");
    private static final Pattern EQUALS = Pattern.compile(" ?= ?");
    private static final Pattern COMMENT = Pattern.compile(" ;|\t;");
    private static final Pattern CONTINUATION = Pattern.compile("^ \\S.*", Pattern.DOTALL);

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

    /** The configuration {@code text} holds, read as CouchDB reads an ini file. */
    public static DaemonConfig parse(String text) {
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        String section = "";
        // The key a continuation line extends: only right after the key was set.
        String lastKey = null;
        for (String line : LINE_BREAK.split(text, -1)) {
            String stripped = line.strip();
            if (stripped.startsWith("[")) {
                String rest = stripped.substring(1);
                int close = rest.indexOf(']');
                if (close == rest.length() - 1) {
                    section = rest.substring(0, close);
                }
                lastKey = null;
                continue;
            }
            if (stripped.startsWith(";")) {
                continue;
            }
            List<String> parts = Arrays.asList(EQUALS.split(stripped, -1));
            if (parts.size() == 1) {
                if (lastKey != null && CONTINUATION.matcher(line).matches()) {
                    String value = COMMENT.split(stripped, -1)[0];
                    if (!value.isEmpty()) {
                        Map<String, String> values = sections.get(section);
                        values.put(lastKey, values.get(lastKey) + " " + value);
                    }
                }
                continue;
            }
            String key = parts.get(0);
            if (key.isEmpty()) {
                continue;
            }
            String value = COMMENT.split(String.join("=", parts.subList(1, parts.size())), -1)[0];
            Map<String, String> values = sections.computeIfAbsent(section, name -> new LinkedHashMap<>());
            if (value.isEmpty()) {
                values.remove(key);
                lastKey = null;
            } else {
                values.remove(key);
                values.put(key, value);
                lastKey = key;
            }
        }
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
