package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.couchtck.kit.generate.Choices;
import org.couchtck.reference.collation.ViewCollation;
import org.couchtck.reference.reducers.BuiltinReducer;
import org.couchtck.reference.reducers.BuiltinReducers;
import org.couchtck.reference.reducers.InvalidReduceFunctionException;
import org.couchtck.reference.reducers.KeyValue;
import org.couchtck.reference.reducers.ReducerOptions;

/**
 * {@code http.generated-views.builtin-reductions}: documents with random numbers (integers, quarters, decimals),
 * arrays of numbers of mixed lengths (for {@code _sum}) and of one length (for {@code _stats}), under keys from a
 * small pool (so keys repeat; arrays sharing their first element for {@code group_level}); one view per builtin
 * ({@code _sum}, {@code _count}, {@code _stats}, {@code _first}, {@code _last}, {@code _top_N}, {@code _bottom_N}).
 * Each view's reduce rows without grouping, with {@code group=true}, with {@code group_level=1} and over a random key
 * range must equal what the reference reducers give for the same rows, reduced in a random grouping (random chunk
 * sizes, rereduced a random number at a time) and rereduced.
 *
 * <p>Integers (and every non-arithmetic result: counts, firsts, lasts, ranks, minima and maxima) are compared
 * exactly; a float sum (and a sum of squares) may differ by the rounding of another summation order, at most
 * {@code (n + 2)·2^-50} times the sum of the magnitudes it adds up ({@code n} rows).
 */
final class ReductionProperty extends ViewProperty<ReductionProperty.Example> {

    private static final int MAX_DOCS = 50;
    private static final ViewCollation COLLATION = ViewCollation.COUCHDB;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** The keys documents take, so that they repeat: scalars, and arrays sharing their first element. */
    static final List<JsonNode> KEYS = List.of(NODES.numberNode(0), NODES.numberNode(1), NODES.textNode("a"),
            array("a"), array("a", 1), array("a", 2), array("a", 2, "x"), array("b", 1), NODES.textNode("b"),
            array(1), array(1, 2), array(2, "z"), NODES.numberNode(2), NODES.textNode("c"), array("b", 3));

    /** The builtins, each in a view of its own over a field of the documents. */
    enum Builtin {
        SUM("sum", "a"), COUNT("count", "n"), STATS("stats", "s"), FIRST("first", "n"), LAST("last", "n"),
        TOP("top", "n"), BOTTOM("bottom", "n");

        final String view;
        final String field;

        Builtin(String view, String field) {
            this.view = view;
            this.field = field;
        }

        /** Whether float results may differ by the summation order. */
        boolean sums() {
            return this == SUM || this == STATS;
        }

        String source(int rank) {
            return switch (this) {
                case TOP -> "_top_" + rank;
                case BOTTOM -> "_bottom_" + rank;
                default -> "_" + view;
            };
        }

        String map() {
            return "function (doc) { if (doc.k !== undefined) { emit(doc.k, doc." + field + "); } }";
        }
    }

    /**
     * One document.
     *
     * @param n a number ({@code _count}, {@code _first}, {@code _last}, the ranks)
     * @param a a number or an array of one to three numbers ({@code _sum})
     * @param s a number, or an array of the example's stats length ({@code _stats})
     */
    record Doc(String id, JsonNode key, JsonNode n, JsonNode a, JsonNode s) {
        ObjectNode json() {
            ObjectNode doc = NODES.objectNode().put("_id", id);
            doc.set("k", key);
            doc.set("n", n);
            doc.set("a", a);
            doc.set("s", s);
            return doc;
        }

        JsonNode field(String name) {
            return switch (name) {
                case "n" -> n;
                case "a" -> a;
                default -> s;
            };
        }
    }

    /**
     * What a seed generates.
     *
     * @param rank N of {@code _top_N} and {@code _bottom_N}
     * @param low the range's start key (never collating after {@code high})
     * @param chunks the sizes of the row chunks the oracle reduces, in turn (empty: all rows at once)
     * @param fanout how many partial results the oracle rereduces at a time
     */
    record Example(List<Doc> docs, int statsLength, int rank, JsonNode low, JsonNode high, boolean inclusiveEnd,
            List<Integer> chunks, int fanout) {}

    ReductionProperty(Context context) {
        super(context);
    }

    private static ArrayNode array(Object... elements) {
        ArrayNode array = NODES.arrayNode();
        for (Object element : elements) {
            if (element instanceof Integer i) {
                array.add(i);
            } else {
                array.add((String) element);
            }
        }
        return array;
    }

    @Override
    public Example generate(Choices choices) {
        int statsLength = (int) choices.draw(3);
        int rank = 1 + (int) choices.draw(4);
        List<Doc> docs = new ArrayList<>();
        choices.list(MAX_DOCS, 95, c -> {
            JsonNode key = c.pick(KEYS);
            JsonNode n = ViewValues.number(c);
            JsonNode a = c.chance(40) ? ViewValues.numbers(c, 1 + (int) c.draw(2)) : ViewValues.number(c);
            JsonNode s = statsLength == 0 ? ViewValues.number(c) : ViewValues.numbers(c, statsLength);
            Doc doc = new Doc("r-" + docs.size(), key, n, a, s);
            docs.add(doc);
            return doc;
        });
        JsonNode a = choices.pick(KEYS);
        JsonNode b = choices.pick(KEYS);
        boolean swap = COLLATION.compare(a, b) > 0;
        boolean inclusiveEnd = !choices.chance(50);
        List<Integer> chunks = choices.list(6, 80, c -> 1 + (int) c.draw(5));
        int fanout = 2 + (int) choices.draw(2);
        return new Example(docs, statsLength, rank, swap ? b : a, swap ? a : b, inclusiveEnd, chunks, fanout);
    }

    @Override
    List<String> lines(Example example) {
        return example.docs().stream().map(d -> ViewValues.json(d.json())).toList();
    }

    @Override
    String describe(Example example) {
        return example.docs().size() + " documents; stats arrays of " + example.statsLength() + ", rank "
                + example.rank() + "; the oracle reduces chunks of " + example.chunks() + " rows and rereduces "
                + example.fanout() + " at a time";
    }

    @Override
    Optional<Mismatch> judge(Example example, ViewDatabase db) throws InterruptedException {
        db.write(example.docs().stream().map(Doc::json).toList());
        ObjectNode views = NODES.objectNode();
        for (Builtin builtin : Builtin.values()) {
            views.putObject(builtin.view).put("map", builtin.map()).put("reduce", builtin.source(example.rank()));
        }
        db.design(views);
        String range = "startkey=" + Requests.encode(ViewValues.json(example.low())) + "&endkey="
                + Requests.encode(ViewValues.json(example.high())) + "&inclusive_end=" + example.inclusiveEnd();
        Predicate<KeyValue> inRange = row -> COLLATION.compare(row.key(), example.low()) >= 0
                && (example.inclusiveEnd() ? COLLATION.compare(row.key(), example.high()) <= 0
                        : COLLATION.compare(row.key(), example.high()) < 0);
        for (Builtin builtin : Builtin.values()) {
            BuiltinReducer reducer = reducer(builtin.source(example.rank()));
            List<KeyValue> rows = new ArrayList<>();
            for (Doc doc : example.docs()) {
                rows.add(new KeyValue(doc.key(), doc.id(), doc.field(builtin.field)));
            }
            rows.sort((x, y) -> COLLATION.compareRows(x.key(), x.docId(), y.key(), y.docId()));
            List<Query> queries = List.of(new Query("", rows, 0), new Query("group=true", rows, EXACT),
                    new Query("group_level=1", rows, 1),
                    new Query(range, rows.stream().filter(inRange).toList(), 0));
            for (Query query : queries) {
                String path = db.viewPath(builtin.view, query.parameters());
                Optional<Mismatch> mismatch = compare(path, builtin, reducer, example, query, db.rows(path));
                if (mismatch.isPresent()) {
                    return mismatch;
                }
            }
        }
        return Optional.empty();
    }

    /** The group level of {@code group=true}. */
    private static final int EXACT = -1;

    private record Query(String parameters, List<KeyValue> rows, int level) {}

    /** One reduced row as expected: its key, its value, and the magnitude its float sums may be off relative to. */
    private record Expected(JsonNode key, JsonNode value, JsonNode magnitude, int rows) {}

    private static BuiltinReducer reducer(String source) {
        try {
            return BuiltinReducers.forSource(source, ReducerOptions.defaults());
        } catch (InvalidReduceFunctionException e) {
            throw new IllegalStateException("the kit names a builtin the reference does not know: " + source, e);
        }
    }

    private static Optional<Mismatch> compare(String path, Builtin builtin, BuiltinReducer reducer,
            Example example, Query query, ArrayNode actual) {
        List<Expected> expected = expected(builtin, reducer, example, query);
        ArrayNode wanted = NODES.arrayNode();
        expected.forEach(e -> wanted.addObject().<ObjectNode>set("key", e.key()).set("value", e.value()));
        String how = " (the reference's " + reducer.name() + " over the same rows, reduced in chunks of "
                + example.chunks() + " and rereduced " + example.fanout() + " at a time)";
        if (actual.size() != expected.size()) {
            return Optional.of(new Mismatch("GET " + path + " gave " + actual.size() + " rows where " + expected.size()
                    + " are expected" + how, ViewValues.json(wanted), ViewValues.json(actual)));
        }
        for (int i = 0; i < expected.size(); i++) {
            Expected e = expected.get(i);
            JsonNode row = actual.get(i);
            if (!row.has("key") || !ViewValues.same(e.key(), row.get("key"))) {
                return Optional.of(new Mismatch("GET " + path + ": row " + i + " has key "
                        + ViewValues.json(row.path("key")) + " where " + ViewValues.json(e.key()) + " is expected",
                        ViewValues.json(wanted), ViewValues.json(actual)));
            }
            if (!row.has("value") || !close(e.value(), row.get("value"), e.magnitude(), e.rows())) {
                return Optional.of(new Mismatch("GET " + path + ": row " + i + " (key " + ViewValues.json(e.key())
                        + ", " + e.rows() + " map rows) has value " + ViewValues.json(row.path("value"))
                        + " where " + ViewValues.json(e.value()) + " is expected" + how, ViewValues.json(wanted),
                        ViewValues.json(actual)));
            }
        }
        return Optional.empty();
    }

    /** The reduce rows of {@code query}: one per group of adjacent rows whose group keys are equal (Erlang ==). */
    private static List<Expected> expected(Builtin builtin, BuiltinReducer reducer, Example example, Query query) {
        List<Expected> expected = new ArrayList<>();
        List<KeyValue> rows = query.rows();
        int start = 0;
        while (start < rows.size()) {
            JsonNode key = groupKey(rows.get(start).key(), query.level());
            int end = start + 1;
            while (end < rows.size() && ViewValues.same(key, groupKey(rows.get(end).key(), query.level()))) {
                end++;
            }
            List<KeyValue> group = rows.subList(start, end);
            JsonNode value = reducer.result(fold(reducer, group, example));
            JsonNode magnitude = null;
            if (builtin.sums()) {
                List<KeyValue> absolute = group.stream().map(r -> new KeyValue(r.key(), r.docId(),
                        deep(r.value(), v -> NODES.numberNode(Math.abs(v.doubleValue()))))).toList();
                magnitude = reducer.result(fold(reducer, absolute, example));
            }
            expected.add(new Expected(key, value, magnitude, group.size()));
            start = end;
        }
        return expected;
    }

    /** The key a row's group is named by: none without grouping, arrays cut to {@code level} elements. */
    private static JsonNode groupKey(JsonNode key, int level) {
        if (level == 0) {
            return NODES.nullNode();
        }
        if (level == EXACT || !key.isArray() || key.size() <= level) {
            return key;
        }
        ArrayNode prefix = NODES.arrayNode();
        for (int i = 0; i < level; i++) {
            prefix.add(key.get(i));
        }
        return prefix;
    }

    /** Reduces {@code rows} chunk by chunk, then rereduces the partials {@code fanout} at a time, down to one. */
    static Object fold(BuiltinReducer reducer, List<KeyValue> rows, Example example) {
        List<Object> partials = new ArrayList<>();
        int chunk = 0;
        for (int from = 0; from < rows.size(); ) {
            int size = example.chunks().isEmpty() ? rows.size()
                    : example.chunks().get(chunk++ % example.chunks().size());
            int to = Math.min(rows.size(), from + size);
            partials.add(reducer.reduce(rows.subList(from, to)));
            from = to;
        }
        while (partials.size() > 1) {
            List<Object> next = new ArrayList<>();
            for (int from = 0; from < partials.size(); from += example.fanout()) {
                next.add(reducer.rereduce(partials.subList(from, Math.min(partials.size(), from + example.fanout()))));
            }
            partials = next;
        }
        return reducer.rereduce(partials);
    }

    /** {@code value} with every number replaced by {@code f} of it. */
    private static JsonNode deep(JsonNode value, Function<JsonNode, JsonNode> f) {
        if (value.isNumber()) {
            return f.apply(value);
        }
        if (value.isArray()) {
            ArrayNode array = NODES.arrayNode();
            value.forEach(v -> array.add(deep(v, f)));
            return array;
        }
        return value;
    }

    /**
     * Whether {@code actual} is {@code expected}: integers exactly, floats within the rounding that another summation
     * order of {@code rows} values of {@code magnitude} can make (when there is a magnitude: only sums).
     */
    static boolean close(JsonNode expected, JsonNode actual, JsonNode magnitude, int rows) {
        if (expected.isNumber()) {
            if (!actual.isNumber()) {
                return false;
            }
            if (expected.isIntegralNumber() || magnitude == null || !magnitude.isNumber()) {
                return ViewValues.same(expected, actual);
            }
            double tolerance = (rows + 2) * Math.scalb(1.0, -50) * Math.abs(magnitude.doubleValue());
            return Math.abs(expected.doubleValue() - actual.doubleValue()) <= tolerance;
        }
        if (expected.isArray()) {
            if (!actual.isArray() || actual.size() != expected.size()) {
                return false;
            }
            for (int i = 0; i < expected.size(); i++) {
                if (!close(expected.get(i), actual.get(i), magnitude == null ? null : magnitude.get(i), rows)) {
                    return false;
                }
            }
            return true;
        }
        if (expected.isObject()) {
            if (!actual.isObject() || actual.size() != expected.size()) {
                return false;
            }
            Iterator<Map.Entry<String, JsonNode>> fields = expected.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!actual.has(field.getKey()) || !close(field.getValue(), actual.get(field.getKey()),
                        magnitude == null ? null : magnitude.get(field.getKey()), rows)) {
                    return false;
                }
            }
            return true;
        }
        return ViewValues.same(expected, actual);
    }
}
