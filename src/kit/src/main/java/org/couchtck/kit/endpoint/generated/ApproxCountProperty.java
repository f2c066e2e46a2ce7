package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.generate.Choices;
import org.couchtck.reference.reducers.BuiltinReducer;
import org.couchtck.reference.reducers.BuiltinReducers;
import org.couchtck.reference.reducers.InvalidReduceFunctionException;
import org.couchtck.reference.reducers.KeyValue;

/**
 * {@code http.generated-views.approx-count-distinct} and its SHOULD twin {@code ...-exact}: thousands of documents
 * (written with {@code _bulk_docs}, {@value ViewDatabase#BULK} a request) whose keys repeat (strings, integers up to
 * billions, arrays, accented strings with emoji), mapped by {@code emit(doc.k, null)} and reduced by
 * {@code _approx_count_distinct}. The estimate must be within {@value #SIGMAS} standard errors of HyperLogLog at
 * precision 11 ({@code 1.04/sqrt(2048)}, about 2.3%) of the true number of distinct keys, plus {@value #SLACK}; the
 * exact variant wants the very estimate of the reference's {@code couch_hyper} (same hash, same registers, same bias
 * correction).
 *
 * <p>An example is drawn as a handful of numbers (how many documents, up to {@value #MAX_DOCS}; what share of them
 * repeat a key; which kinds of keys; a salt), the keys computed from them, so that shrinking lowers the number of documents by bisection
 * rather than deleting thousands of documents one by one.
 */
final class ApproxCountProperty extends ViewProperty<ApproxCountProperty.Example> {

    /** HyperLogLog's standard error at CouchDB's precision 11 (2048 registers). */
    static final double STANDARD_ERROR = 1.04 / Math.sqrt(2048);
    /** How many standard errors the estimate may be off. */
    static final int SIGMAS = 4;
    /** What the estimate may be off besides, for tiny sets. */
    static final int SLACK = 3;

    static final String VIEW = "distinct";
    /** The most documents an example has. */
    static final int MAX_DOCS = 3_500;
    private static final String REDUCE = "_approx_count_distinct";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /**
     * What a seed generates.
     *
     * @param docs how many documents
     * @param repeatPercent the share of documents that repeat an earlier document's key
     * @param kinds the kinds of keys, 0 to 3: strings; and integers; and arrays; and accented strings with emoji
     * @param salt makes the keys of one example differ from another's
     * @param chunk the size of the row chunks the oracle reduces before rereducing them
     */
    record Example(int docs, int repeatPercent, int kinds, long salt, int chunk) {

        /** How many distinct keys the example has: the first this many documents have keys of their own. */
        int distinct() {
            return Math.max(1, docs - docs * repeatPercent / 100);
        }

        /** The key of document {@code i}. */
        JsonNode key(int i) {
            int distinct = distinct();
            long j = i < distinct ? i : Math.floorMod(mix(salt * 31 + i), distinct);
            String tag = salt == 0 ? "" : Long.toString(salt, 36) + "-";
            return switch ((int) (j % (kinds + 1))) {
                case 0 -> NODES.textNode("k" + tag + j);
                case 1 -> NODES.numberNode(j * 1_000_003L + salt);
                case 2 -> NODES.arrayNode().add("k").add(j).add(salt);
                default -> NODES.textNode("\u00e9" + tag + j + "\ud83d\ude00");
            };
        }

        List<ObjectNode> documents() {
            List<ObjectNode> documents = new ArrayList<>(docs);
            for (int i = 0; i < docs; i++) {
                ObjectNode doc = NODES.objectNode().put("_id", "h" + i);
                doc.set("k", key(i));
                documents.add(doc);
            }
            return documents;
        }
    }

    private final boolean exact;

    /** @param exact whether the estimate must be the reference's exactly (else: within the error bound) */
    ApproxCountProperty(Context context, boolean exact) {
        super(context);
        this.exact = exact;
    }

    @Override
    public Example generate(Choices choices) {
        // The largest of three draws: most examples have thousands of documents (below 1,000 one in 40), and each
        // draw still shrinks towards a single document.
        long most = 0;
        for (int i = 0; i < 3; i++) {
            most = Math.max(most, choices.draw(MAX_DOCS - 1L));
        }
        int docs = 1 + (int) most;
        int repeatPercent = (int) choices.draw(90);
        int kinds = (int) choices.draw(3);
        long salt = choices.draw(1 << 20);
        int chunk = 1 + (int) choices.draw(1_499);
        return new Example(docs, repeatPercent, kinds, salt, chunk);
    }

    @Override
    List<String> lines(Example example) {
        return example.documents().stream().map(ViewValues::json).toList();
    }

    @Override
    String describe(Example example) {
        return example.docs() + " documents, " + example.distinct() + " distinct keys (kinds " + example.kinds()
                + ", salt " + example.salt() + ")";
    }

    @Override
    Optional<Mismatch> judge(Example example, ViewDatabase db) throws InterruptedException {
        List<ObjectNode> documents = example.documents();
        db.write(documents);
        ObjectNode views = NODES.objectNode();
        views.putObject(VIEW).put("map", CollationProperty.MAP).put("reduce", REDUCE);
        db.design(views);
        String path = db.viewPath(VIEW, "");
        ArrayNode rows = db.rows(path);
        Set<String> keys = new HashSet<>();
        List<KeyValue> mapRows = new ArrayList<>();
        for (ObjectNode doc : documents) {
            keys.add(ViewValues.json(doc.get("k")));
            mapRows.add(new KeyValue(doc.get("k"), doc.get("_id").textValue(), NODES.nullNode()));
        }
        int distinct = keys.size();
        JsonNode reference = estimate(mapRows, example.chunk());
        if (rows.size() != 1 || !rows.get(0).path("value").isIntegralNumber()) {
            return Optional.of(new Mismatch("GET " + path + " gave " + ViewValues.json(rows) + " where one row with "
                    + "an integer estimate is expected", "[{\"key\":null,\"value\":" + reference + "}]",
                    ViewValues.json(rows)));
        }
        long estimate = rows.get(0).get("value").longValue();
        if (exact) {
            if (estimate != reference.longValue()) {
                return Optional.of(new Mismatch("GET " + path + " estimates " + estimate + " distinct keys where the "
                        + "reference's couch_hyper estimates " + reference + " (" + distinct + " distinct keys in "
                        + example.docs() + " documents)", reference.toString(), Long.toString(estimate)));
            }
            return Optional.empty();
        }
        double bound = SIGMAS * STANDARD_ERROR * distinct + SLACK;
        if (Math.abs(estimate - distinct) > bound) {
            return Optional.of(new Mismatch(String.format(java.util.Locale.ROOT, "GET %s estimates %d distinct keys "
                    + "where there are %d (in %d documents): off by %d, more than %d standard errors of HyperLogLog "
                    + "at p=11 (%.1f%%) plus %d = %.1f", path, estimate, distinct, example.docs(),
                    Math.abs(estimate - distinct), SIGMAS, 100 * STANDARD_ERROR, SLACK, bound),
                    String.format(java.util.Locale.ROOT, "%d ± %.1f", distinct, bound), Long.toString(estimate)));
        }
        return Optional.empty();
    }

    /** The reference's estimate: the rows reduced in chunks, rereduced. */
    private static JsonNode estimate(List<KeyValue> rows, int chunk) {
        BuiltinReducer reducer;
        try {
            reducer = BuiltinReducers.forSource(REDUCE);
        } catch (InvalidReduceFunctionException e) {
            throw new IllegalStateException(e);
        }
        List<Object> partials = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += chunk) {
            partials.add(reducer.reduce(rows.subList(from, Math.min(rows.size(), from + chunk))));
        }
        return reducer.result(reducer.rereduce(partials));
    }

    /** A 64-bit mix (SplitMix64's finaliser). */
    private static long mix(long x) {
        long z = x + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
