package org.couchtck.reference.mango;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A Mango selector, normalized and ready to match documents as CouchDB 3.5.2 matches them outside an index. Immutable
 * and thread-safe.
 */
public final class Selector {

    private final JsonNode normalized;

    private Selector(JsonNode normalized) {
        this.normalized = normalized;
    }

    /**
     * Validates and normalizes {@code selector} (a JSON object).
     *
     * @throws MangoException a 400 refusal with mango_error's error name and reason, e.g. {@code bad_arg}
     *     "Bad argument for operator $in: 5"
     * @throws IllegalArgumentException when {@code selector} is not an object (callers answer that themselves)
     */
    public static Selector of(JsonNode selector) {
        if (selector == null || !selector.isObject()) {
            throw new IllegalArgumentException("a selector is a JSON object");
        }
        return new Selector(SelectorNormalizer.normalize(selector.deepCopy()));
    }

    /**
     * Whether {@code doc} (a document as {@code couch_doc:to_json_obj} renders it) matches.
     *
     * @throws MangoException a 500 crash where CouchDB's matching crashes ({@code $mod} by zero, a field name with an
     *     empty segment such as {@code a..b})
     */
    public boolean matches(JsonNode doc) {
        return SelectorMatcher.matches(normalized, doc);
    }

    /** The normalized form, e.g. {@code {"$and":[{"n":{"$gt":1}},{"n":{"$lt":5}}]}}; for diagnostics and tests. */
    public JsonNode normalized() {
        return normalized.deepCopy();
    }
}
