package org.couchtck.reference.mango;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code $regex} patterns, which CouchDB runs with Erlang's {@code re} (PCRE): unanchored search, {@code (?i)} and the
 * other inline flags. Java's regex syntax is close enough for the patterns selectors use; a pattern that does not
 * compile is refused as CouchDB refuses one {@code re:compile} rejects.
 */
final class PcreRegex {

    /** Selectors are re-parsed per request but reuse few patterns; compiled ones are kept, bounded. */
    private static final int CACHE_LIMIT = 256;
    private static final Map<String, Pattern> CACHE = new ConcurrentHashMap<>();

    private PcreRegex() {}

    static boolean compiles(String regex) {
        try {
            pattern(regex);
            return true;
        } catch (PatternSyntaxException e) {
            return false;
        }
    }

    /** Whether the pattern matches anywhere in {@code value}, as {@code re:run(Value, Regex, [{capture, none}])}. */
    static boolean find(String regex, String value) {
        return pattern(regex).matcher(value).find();
    }

    private static Pattern pattern(String regex) {
        Pattern cached = CACHE.get(regex);
        if (cached != null) {
            return cached;
        }
        Pattern compiled = Pattern.compile(regex);
        if (CACHE.size() < CACHE_LIMIT) {
            CACHE.put(regex, compiled);
        }
        return compiled;
    }
}
