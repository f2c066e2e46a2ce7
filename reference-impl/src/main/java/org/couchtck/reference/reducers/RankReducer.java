package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code _top_N} and {@code _bottom_N}: the N largest (smallest) distinct values by view collation, best first.
 * Values that collate equal count once, and the one met first stays (CouchDB merges with {@code lists:umerge}, which
 * keeps its first list's element on a tie). Partials are the ranked lists; the result is the JSON array.
 */
final class RankReducer implements BuiltinReducer {

    private final String name;
    private final int n;
    private final boolean top;
    private final ReducerOptions options;

    RankReducer(String name, int n, boolean top, ReducerOptions options) {
        this.name = name;
        this.n = n;
        this.top = top;
        this.options = options;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object reduce(List<KeyValue> rows) {
        Comparator<JsonNode> rank = rank();
        List<JsonNode> ranked = new ArrayList<>(Math.min(n + 1, rows.size()));
        for (KeyValue row : rows) {
            insert(ranked, row.value(), rank);
        }
        return List.copyOf(ranked);
    }

    @Override
    public Object rereduce(List<Object> partials) {
        if (partials.isEmpty()) {
            return List.of();
        }
        Comparator<JsonNode> rank = rank();
        List<JsonNode> ranked = new ArrayList<>(cast(partials.get(0)));
        for (int i = 1; i < partials.size(); i++) {
            ranked = merge(ranked, cast(partials.get(i)), rank);
        }
        return List.copyOf(ranked.subList(0, Math.min(n, ranked.size())));
    }

    @Override
    public JsonNode result(Object partial) {
        ArrayNode values = JsonNodeFactory.instance.arrayNode();
        cast(partial).forEach(values::add);
        return values;
    }

    /** Best first: descending collation for top, ascending for bottom. */
    private Comparator<JsonNode> rank() {
        Comparator<JsonNode> collation = options.collation();
        return top ? collation.reversed() : collation;
    }

    /** {@code umerge(Rank, Ranked, [Value])}, keeping no more than N: what falls beyond N never comes back. */
    private void insert(List<JsonNode> ranked, JsonNode value, Comparator<JsonNode> rank) {
        int low = 0;
        int high = ranked.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            int order = rank.compare(ranked.get(middle), value);
            if (order == 0) {
                return;
            }
            if (order < 0) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        if (low < n) {
            ranked.add(low, value);
            if (ranked.size() > n) {
                ranked.remove(n);
            }
        }
    }

    /** {@code lists:umerge(Rank, Acc, Other)}: on a tie the element of {@code acc} stays. */
    private static List<JsonNode> merge(List<JsonNode> acc, List<JsonNode> other, Comparator<JsonNode> rank) {
        List<JsonNode> merged = new ArrayList<>(acc.size() + other.size());
        int i = 0;
        int j = 0;
        while (i < acc.size() && j < other.size()) {
            int order = rank.compare(acc.get(i), other.get(j));
            if (order <= 0) {
                merged.add(acc.get(i++));
                if (order == 0) {
                    j++;
                }
            } else {
                merged.add(other.get(j++));
            }
        }
        merged.addAll(acc.subList(i, acc.size()));
        merged.addAll(other.subList(j, other.size()));
        return merged;
    }

    @SuppressWarnings("unchecked")
    private static List<JsonNode> cast(Object partial) {
        return (List<JsonNode>) partial;
    }
}
