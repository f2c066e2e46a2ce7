package org.couchtck.kit.endpoint.generated;

import java.util.List;
import java.util.Optional;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.endpoint.HttpCase;

/**
 * The generated view cases of the HTTP half: one section, {@code generated-views}, whose cases write seeded random
 * documents into databases of their own, query a JavaScript view over them, and judge the answers against the
 * reference's view collation ({@code org.couchtck.reference.collation}) and builtin reducers
 * ({@code org.couchtck.reference.reducers}) run in the kit.
 */
public final class ViewSuites {

    /** The section of the generated view cases. */
    public static final String SECTION = "generated-views";
    /** A view's rows come in the order of CouchDB's collation, both ways and in key ranges. */
    public static final String COLLATION_ORDER = "http.generated-views.collation-order";
    /** The builtin reducers' results equal the reference's, grouped and ungrouped. */
    public static final String BUILTIN_REDUCTIONS = "http.generated-views.builtin-reductions";
    /** {@code _approx_count_distinct} estimates within HyperLogLog's error bound. */
    public static final String APPROX_COUNT_DISTINCT = "http.generated-views.approx-count-distinct";
    /** {@code _approx_count_distinct} estimates exactly as CouchDB's couch_hyper does. */
    public static final String APPROX_COUNT_DISTINCT_EXACT = "http.generated-views.approx-count-distinct-exact";

    private static final GeneratedCases CASES = new GeneratedCases(List.of(
            GeneratedCases.generated(COLLATION_ORDER, SECTION, Level.MUST, "a view over documents whose keys "
                    + "are random JSON of every type (nested arrays and objects, accented, cased, punctuated and "
                    + "emoji strings, negative, fractional and big numbers) gives its rows in CouchDB's collation "
                    + "order (ICU root for strings; equal keys by document id): ascending, descending, and in a "
                    + "random startkey/endkey range both ways with a random inclusive_end",
                    "docs: ddocs/views/collation; src/couch/src/couch_ejson_compare.erl"),
            GeneratedCases.generated(BUILTIN_REDUCTIONS, SECTION, Level.MUST, "_sum, _count, _stats, _first, "
                    + "_last, _top_N and _bottom_N over random numbers and arrays of numbers under repeating keys "
                    + "give what the reference reducers give for the same rows reduced and rereduced in a random "
                    + "grouping: without grouping, with group=true, group_level=1 and over a key range (integers "
                    + "exactly, float sums within their summation-order rounding)",
                    "src/couch/src/couch_query_servers.erl (builtin_reduce), docs: ddocs/ddocs (reduce functions)"),
            GeneratedCases.generated(APPROX_COUNT_DISTINCT, SECTION, Level.MUST, "_approx_count_distinct over "
                    + "thousands of documents with repeating keys estimates the number of distinct keys within 4 "
                    + "standard errors of HyperLogLog at p=11 (1.04/sqrt(2048)) plus 3",
                    "src/couch/src/couch_query_servers.erl (approx_count_distinct), src/hyper"),
            GeneratedCases.generated(APPROX_COUNT_DISTINCT_EXACT, SECTION, Level.SHOULD, "_approx_count_distinct "
                    + "over thousands of documents with repeating keys gives exactly the estimate of CouchDB's "
                    + "couch_hyper (SHA-1 of the key's external term, 2048 registers, its bias correction)",
                    "src/couch/src/couch_query_servers.erl (approx_count_distinct), src/hyper")));

    private ViewSuites() {}

    /** The generated view cases, in run order. */
    public static List<HttpCase> cases() {
        return CASES.all();
    }

    /** The generated view case {@code id}, if it is one. */
    public static Optional<HttpCase> find(String id) {
        return CASES.find(id);
    }

    /** Whether {@code testCase} is a generated view case. */
    public static boolean isGenerated(HttpCase testCase) {
        return CASES.contains(testCase);
    }
}
