package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;

/**
 * Where a row sits in a view: its key, the id of the document that emitted it, and the emission's position among that
 * document's rows with the same key (so a document may emit one key twice). A bound of a range may leave the id out
 * ({@code null}): it then sorts before every id of its key when {@code dup} is negative, after them otherwise.
 */
record IndexKey(JsonNode key, String id, int dup) {

    /** Before every row of {@code key}. */
    static IndexKey first(JsonNode key) {
        return new IndexKey(key, null, Integer.MIN_VALUE);
    }

    /** After every row of {@code key}. */
    static IndexKey last(JsonNode key) {
        return new IndexKey(key, null, Integer.MAX_VALUE);
    }

    /** couch_mrview's row order: keys by the view's collation, then document ids by their bytes, then emissions. */
    static Comparator<IndexKey> order(Comparator<JsonNode> keyOrder) {
        return (a, b) -> {
            int c = keyOrder.compare(a.key, b.key);
            if (c != 0) {
                return c;
            }
            if (a.id == null || b.id == null) {
                if (a.id == null && b.id == null) {
                    return Integer.compare(a.dup, b.dup);
                }
                return a.id == null ? (a.dup < 0 ? -1 : 1) : (b.dup < 0 ? 1 : -1);
            }
            c = compareIds(a.id, b.id);
            return c != 0 ? c : Integer.compare(a.dup, b.dup);
        };
    }

    /** Erlang compares binaries byte by byte; on UTF-8 that is code point order (not Java's UTF-16 order). */
    static int compareIds(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
