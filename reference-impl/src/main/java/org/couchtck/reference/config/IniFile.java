package org.couchtck.reference.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * One ini file as CouchDB's config app reads it (config.erl, parse_ini_file), quirks included:
 *
 * <ul>
 *   <li>lines end at CR LF, LF, CR or Ctrl-Z; spaces (not tabs) around a line are dropped;
 *   <li>{@code [name]} starts section {@code name} when its only {@code ]} ends the line, else the line is ignored;
 *       keys before any header are in section {@code ""};
 *   <li>a line starting with {@code ;} is a comment; so is the rest of a value from a {@code " ;"} or
 *       {@code "\t;"} on;
 *   <li>{@code key = value} splits at every {@code =} with at most one space either side, the key being the first
 *       part and the value the others joined again with bare {@code =}; a line starting with {@code =} is ignored;
 *   <li>{@code key =} with nothing after it deletes the key from the files read before this one;
 *   <li>a line without {@code =} that starts with exactly one space and then a non-space continues the value read
 *       last: a space and the line's text are appended to it (and the entry moves to the current section);
 *   <li>the same key twice in one file: the first one counts (CouchDB stores the file's values newest first and
 *       the older entry overwrites the newer).
 * </ul>
 */
public final class IniFile {

    private static final Pattern LINE_END = Pattern.compile("\r\n|\n|\r|\032");
    private static final Pattern ASSIGNMENT = Pattern.compile(" ?= ?");
    private static final Pattern COMMENT = Pattern.compile(" ;|\t;");
    private static final Pattern CONTINUATION = Pattern.compile("^ \\S");
    private static final Pattern SECTION_END = Pattern.compile("]", Pattern.LITERAL);

    private record Entry(String section, String key, String value) {}

    private final List<Entry> entries;
    private final List<ConfigKey> deleted;

    private IniFile(List<Entry> entries, List<ConfigKey> deleted) {
        this.entries = entries;
        this.deleted = deleted;
    }

    /** Reads the text of an ini file. */
    public static IniFile parse(String text) {
        List<Entry> entries = new ArrayList<>();
        List<ConfigKey> deleted = new ArrayList<>();
        String section = "";
        for (String line : LINE_END.split(text, -1)) {
            String stripped = stripSpaces(line);
            if (stripped.startsWith("[")) {
                String[] parts = SECTION_END.split(stripped.substring(1), -1);
                if (parts.length == 2 && parts[1].isEmpty()) {
                    section = parts[0];
                }
            } else if (stripped.startsWith(";")) {
                continue;
            } else {
                String[] parts = ASSIGNMENT.split(stripped, -1);
                if (parts.length == 1) {
                    if (CONTINUATION.matcher(line).find() && !entries.isEmpty()) {
                        String more = COMMENT.split(parts[0], -1)[0];
                        Entry last = entries.remove(entries.size() - 1);
                        entries.add(new Entry(section, last.key(), last.value() + " " + more));
                    }
                } else if (!parts[0].isEmpty()) {
                    String rest = String.join("=", List.of(parts).subList(1, parts.length));
                    if (rest.isEmpty()) {
                        deleted.add(new ConfigKey(section, parts[0]));
                    } else {
                        entries.add(new Entry(section, parts[0], COMMENT.split(rest, -1)[0]));
                    }
                }
            }
        }
        return new IniFile(List.copyOf(entries), List.copyOf(deleted));
    }

    /** Applies this file over the values of the files read before it: its deletions, then its values. */
    void applyTo(Map<String, Map<String, String>> sections) {
        for (ConfigKey key : deleted) {
            Map<String, String> values = sections.get(key.section());
            if (values != null) {
                values.remove(key.key());
            }
        }
        Map<ConfigKey, String> firsts = new LinkedHashMap<>();
        for (Entry entry : entries) {
            firsts.putIfAbsent(new ConfigKey(entry.section(), entry.key()), entry.value());
        }
        firsts.forEach((key, value) ->
                sections.computeIfAbsent(key.section(), s -> new TreeMap<>()).put(key.key(), value));
    }

    /** string:strip/1: spaces only, both ends. */
    private static String stripSpaces(String line) {
        int start = 0;
        int end = line.length();
        while (start < end && line.charAt(start) == ' ') {
            start++;
        }
        while (end > start && line.charAt(end - 1) == ' ') {
            end--;
        }
        return line.substring(start, end);
    }
}
