package org.couchtck.reference.collation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;
import java.util.Objects;

/**
 * The order of a view's keys, as CouchDB 3.x keeps it.
 *
 * <p><b>Equality.</b> Both orders are total and {@code compare(a, b) == 0} exactly when the keys are equal under this
 * rule: same type rank; numbers of the same mathematical value ({@code 1}, {@code 1.0} and {@code 1e0} are one key,
 * so are {@code 0} and {@code -0.0}; a big integer is compared exactly, never through a double); strings equal under
 * the collation's string order ({@link #compareStrings}); arrays of equal length with equal elements in turn; objects
 * with the same number of members, equal names and equal values member by member in order. That is not
 * {@link JsonNode#equals}: under {@link #COUCHDB} {@code "é"} equals {@code "e\u0301"}, and under both member order
 * counts. Rows with equal keys are told apart by document id ({@link #compareRows}).
 *
 * <p>Both constants are thread-safe. A {@link JsonNode} that is not JSON (missing, binary, POJO) is rejected with
 * {@link IllegalArgumentException}.
 */
public enum ViewCollation implements Comparator<JsonNode> {

    /**
     * The default, {@code couch_ejson_compare}: null &lt; false &lt; true &lt; numbers &lt; strings &lt; arrays &lt;
     * objects, strings by ICU's root collation (see {@link IcuRootStrings}): {@code "a" < "A" < "aa" < "b" < "B"},
     * punctuation and symbols before digits before letters.
     */
    COUCHDB(new EjsonOrder(TypeOrder.COUCHDB, IcuRootStrings::compare)) {
        @Override
        public int compareStrings(String a, String b) {
            return IcuRootStrings.compare(a, b);
        }
    },

    /**
     * A view's {@code "options": {"collation": "raw"}}: Erlang's term order of the decoded keys — numbers &lt; false
     * &lt; null &lt; true &lt; objects &lt; arrays &lt; strings, strings by their UTF-8 bytes.
     */
    RAW(new EjsonOrder(TypeOrder.ERLANG, CodePointStrings::compare)) {
        @Override
        public int compareStrings(String a, String b) {
            return CodePointStrings.compare(a, b);
        }
    };

    private final Comparator<JsonNode> keys;

    ViewCollation(Comparator<JsonNode> keys) {
        this.keys = keys;
    }

    /**
     * The collation a view asks for in its own {@code options} (the view's object in {@code views}, not the design
     * document's: CouchDB ignores {@code collation} there). Only the string {@code "raw"} selects {@link #RAW};
     * anything else, or no options at all ({@code null}, missing), is {@link #COUCHDB}.
     */
    public static ViewCollation forOptions(JsonNode viewOptions) {
        if (viewOptions != null && "raw".equals(viewOptions.path("collation").textValue())) {
            return RAW;
        }
        return COUCHDB;
    }

    /** Two keys; negative, zero or positive. */
    @Override
    public int compare(JsonNode a, JsonNode b) {
        Objects.requireNonNull(a, "a key is a JsonNode, JSON null is NullNode");
        Objects.requireNonNull(b, "a key is a JsonNode, JSON null is NullNode");
        return keys.compare(a, b);
    }

    /**
     * Two view rows as couch_mrview orders them: by key, then by document id ({@link #compareDocIds}) for equal keys —
     * under both collations (raw compares {@code {Key, DocId}} tuples, the default {@code less_json_ids} falls back to
     * {@code IdA < IdB}). Descending views reverse this whole order.
     */
    public int compareRows(JsonNode keyA, String docIdA, JsonNode keyB, String docIdB) {
        int byKey = compare(keyA, keyB);
        return byKey != 0 ? byKey : compareDocIds(docIdA, docIdB);
    }

    /** Two strings alone, as this collation orders string keys and object member names. */
    public abstract int compareStrings(String a, String b);

    /**
     * Document ids as views order them: by their UTF-8 bytes (Erlang binary order), i.e. by code point — not by ICU,
     * and not by {@link String#compareTo}, which puts U+E000..U+FFFF after supplementary characters.
     */
    public static int compareDocIds(String a, String b) {
        return CodePointStrings.compare(a, b);
    }
}
