package org.couchtck.kit.cases;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The sources of catalogue functions in one language, with the conventions they follow (how a map function emits,
 * what a list function calls to send a chunk, ...).
 *
 * @param language lowercase language name, as given to {@code --language}
 * @param conventions one paragraph: the calling conventions of the sources, for translators
 * @param sources catalogue id to source text, in file order
 * @param origin where the pack was read from, for messages
 */
public record FunctionPack(String language, String conventions, Map<String, String> sources, String origin) {

    public FunctionPack {
        Objects.requireNonNull(language, "language");
        conventions = conventions == null ? "" : conventions;
        sources = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sources));
        Objects.requireNonNull(origin, "origin");
    }

    /** This pack with {@code other}'s sources added, replacing sources of the same ids. */
    FunctionPack overriddenBy(FunctionPack other) {
        Map<String, String> merged = new LinkedHashMap<>(sources);
        merged.putAll(other.sources());
        String text = other.conventions().isBlank() ? conventions : other.conventions();
        return new FunctionPack(language, text, merged, origin + " + " + other.origin());
    }
}
