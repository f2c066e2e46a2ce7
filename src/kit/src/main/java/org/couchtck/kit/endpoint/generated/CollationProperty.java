package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.couchtck.kit.generate.Choices;
import org.couchtck.reference.collation.ViewCollation;

/**
 * {@code http.generated-views.collation-order}: documents with keys of every JSON type ({@link ViewValues#key}),
 * some keys shared, mapped by {@code emit(doc.k, null)}; the view's rows, ascending, descending and in a random
 * {@code startkey}/{@code endkey} range both ways with a random {@code inclusive_end}, must come in the order
 * {@link ViewCollation#COUCHDB} gives (rows with equal keys by document id), each with its document's key.
 */
final class CollationProperty extends ViewProperty<CollationProperty.Example> {

    /** The map function: every document's {@code k} as the key. */
    static final String MAP = "function (doc) { if (doc.k !== undefined) { emit(doc.k, null); } }";
    static final String VIEW = "keys";

    private static final int MAX_DOCS = 60;
    /** Id prefixes whose code point order differs from their ICU order (ids order equal keys by code point). */
    private static final List<String> ID_PREFIXES = List.of("a", "B", "b", "A", "\u00e9", "z", "Z", "0");
    private static final ViewCollation COLLATION = ViewCollation.COUCHDB;

    /** One document: its id and key. */
    record Doc(String id, JsonNode key) {
        ObjectNode json() {
            ObjectNode doc = JsonNodeFactory.instance.objectNode().put("_id", id);
            doc.set("k", key);
            return doc;
        }
    }

    /**
     * What a seed generates.
     *
     * @param low the range's lower key (never collating after {@code high})
     * @param inclusiveEnd {@code inclusive_end} of the ascending range
     * @param descendingInclusiveEnd {@code inclusive_end} of the descending range
     */
    record Example(List<Doc> docs, JsonNode low, JsonNode high, boolean inclusiveEnd,
            boolean descendingInclusiveEnd) {}

    CollationProperty(Context context) {
        super(context);
    }

    @Override
    public Example generate(Choices choices) {
        List<JsonNode> keys = new ArrayList<>();
        List<String> prefixes = choices.list(MAX_DOCS, 96, c -> {
            JsonNode key = !keys.isEmpty() && c.chance(20) ? keys.get((int) c.draw(keys.size() - 1L))
                    : ViewValues.key(c, 2);
            keys.add(key);
            return c.pick(ID_PREFIXES);
        });
        List<Doc> docs = new ArrayList<>();
        for (int i = 0; i < prefixes.size(); i++) {
            docs.add(new Doc(prefixes.get(i) + "-" + i, keys.get(i)));
        }
        JsonNode a = rangeKey(choices, keys);
        JsonNode b = rangeKey(choices, keys);
        boolean swap = COLLATION.compare(a, b) > 0;
        return new Example(docs, swap ? b : a, swap ? a : b, !choices.chance(50), !choices.chance(50));
    }

    /** A key of the documents, or now and then one of its own. */
    private static JsonNode rangeKey(Choices choices, List<JsonNode> keys) {
        if (keys.isEmpty() || choices.chance(30)) {
            return ViewValues.key(choices, 1);
        }
        return keys.get((int) choices.draw(keys.size() - 1L));
    }

    @Override
    List<String> lines(Example example) {
        return example.docs().stream().map(d -> ViewValues.json(d.json())).toList();
    }

    @Override
    String describe(Example example) {
        return example.docs().size() + " documents; range " + ViewValues.json(example.low()) + " to "
                + ViewValues.json(example.high());
    }

    @Override
    Optional<Mismatch> judge(Example example, ViewDatabase db) throws InterruptedException {
        db.write(example.docs().stream().map(Doc::json).toList());
        ObjectNode views = JsonNodeFactory.instance.objectNode();
        views.putObject(VIEW).put("map", MAP);
        db.design(views);
        List<Doc> ascending = new ArrayList<>(example.docs());
        ascending.sort((x, y) -> COLLATION.compareRows(x.key(), x.id(), y.key(), y.id()));
        List<Doc> descending = new ArrayList<>(ascending);
        Collections.reverse(descending);
        JsonNode low = example.low();
        JsonNode high = example.high();
        Predicate<Doc> ascendingRange = d -> COLLATION.compare(d.key(), low) >= 0
                && (example.inclusiveEnd() ? COLLATION.compare(d.key(), high) <= 0
                        : COLLATION.compare(d.key(), high) < 0);
        Predicate<Doc> descendingRange = d -> COLLATION.compare(d.key(), high) <= 0
                && (example.descendingInclusiveEnd() ? COLLATION.compare(d.key(), low) >= 0
                        : COLLATION.compare(d.key(), low) > 0);
        String lowJson = Requests.encode(ViewValues.json(low));
        String highJson = Requests.encode(ViewValues.json(high));
        List<Query> queries = List.of(
                new Query("", ascending),
                new Query("descending=true", descending),
                new Query("startkey=" + lowJson + "&endkey=" + highJson + "&inclusive_end=" + example.inclusiveEnd(),
                        ascending.stream().filter(ascendingRange).toList()),
                new Query("descending=true&startkey=" + highJson + "&endkey=" + lowJson + "&inclusive_end="
                        + example.descendingInclusiveEnd(), descending.stream().filter(descendingRange).toList()));
        for (Query query : queries) {
            String path = db.viewPath(VIEW, query.parameters());
            Optional<Mismatch> mismatch = compare(path, query.expected(), db.rows(path));
            if (mismatch.isPresent()) {
                return mismatch;
            }
        }
        return Optional.empty();
    }

    private record Query(String parameters, List<Doc> expected) {}

    /** The rows must be the expected documents in order, each with its key. */
    private static Optional<Mismatch> compare(String path, List<Doc> expected, ArrayNode rows) {
        String wanted = expected.stream().map(d -> d.id() + " " + ViewValues.json(d.key()))
                .collect(Collectors.joining("\n"));
        List<String> got = new ArrayList<>();
        rows.forEach(row -> got.add(row.path("id").asText("?") + " " + ViewValues.json(row.path("key"))));
        String actual = String.join("\n", got);
        for (int i = 0; i < Math.max(expected.size(), rows.size()); i++) {
            if (i >= rows.size()) {
                return Optional.of(new Mismatch("GET " + path + " gave " + rows.size() + " rows where the reference "
                        + "collation gives " + expected.size() + "; the first missing is " + expected.get(i).id()
                        + " with key " + ViewValues.json(expected.get(i).key()), wanted, actual));
            }
            JsonNode row = rows.get(i);
            if (i >= expected.size()) {
                return Optional.of(new Mismatch("GET " + path + " gave " + rows.size() + " rows where the reference "
                        + "collation gives " + expected.size() + "; the first extra is " + got.get(i), wanted,
                        actual));
            }
            Doc doc = expected.get(i);
            boolean sameId = doc.id().equals(row.path("id").textValue());
            if (sameId && row.has("key") && !ViewValues.same(doc.key(), row.get("key"))) {
                // the right document in the right place with another key: a changed value, not an order
                return Optional.of(new Mismatch("GET " + path + ": row " + i + " (" + doc.id() + ") has the key "
                        + ViewValues.json(row.get("key")) + " where its document emitted " + ViewValues.json(doc.key())
                        + ": the value changed on its way", wanted, actual));
            }
            if (!sameId || !row.has("key")) {
                return Optional.of(new Mismatch("GET " + path + ": row " + i + " is " + got.get(i)
                        + " where the reference collation puts " + doc.id() + " " + ViewValues.json(doc.key()),
                        wanted, actual));
            }
        }
        return Optional.empty();
    }
}
