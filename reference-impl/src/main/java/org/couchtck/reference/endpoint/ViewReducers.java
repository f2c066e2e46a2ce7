package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.collation.ViewCollation;
import org.couchtck.reference.reducers.BuiltinReduceException;
import org.couchtck.reference.reducers.BuiltinReducer;
import org.couchtck.reference.reducers.BuiltinReducers;
import org.couchtck.reference.reducers.InvalidReduceFunctionException;
import org.couchtck.reference.reducers.KeyValue;
import org.couchtck.reference.reducers.ReduceLimit;
import org.couchtck.reference.reducers.ReducerOptions;
import org.couchtck.reference.views.DesignDefinition;
import org.couchtck.reference.views.ViewDefinition;
import org.couchtck.reference.views.ViewFunctions;
import org.couchtck.reference.views.ViewReducer;
import org.couchtck.reference.views.ViewRow;

/**
 * A view's reduce function: a builtin ({@code _sum}, ...) computed in the JVM as CouchDB computes it in Erlang, or any
 * other source sent to the design document's query server. A builtin CouchDB fails the query for becomes the query's
 * error reply.
 */
final class ViewReducers {

    private final ViewFunctions functions;
    private final NodeConfig config;

    ViewReducers(ViewFunctions functions, NodeConfig config) {
        this.functions = functions;
        this.config = config;
    }

    ViewReducer forView(DesignDefinition design, ViewDefinition view) {
        String source = view.reduce().orElseThrow();
        if (BuiltinReducers.isBuiltin(source)) {
            try {
                return builtin(BuiltinReducers.forSource(source, options()));
            } catch (InvalidReduceFunctionException e) {
                // saving the design document checked the name; one that slipped through fails like a crash
                throw new CouchError(500, "invalid_design_doc", e.getMessage());
            }
        }
        return new ViewReducer() {
            @Override
            public Object reduce(List<ViewRow> rows) {
                return functions.reduce(design, source, rows);
            }

            @Override
            public Object rereduce(List<Object> partials) {
                List<JsonNode> values = new ArrayList<>(partials.size());
                partials.forEach(p -> values.add((JsonNode) p));
                return functions.rereduce(design, source, values);
            }

            @Override
            public JsonNode result(Object partial) {
                return (JsonNode) partial;
            }
        };
    }

    private ReducerOptions options() {
        String limit = config.get("query_server_config", "reduce_limit").orElse("true");
        ReduceLimit reduceLimit = switch (limit) {
            case "false" -> ReduceLimit.FALSE;
            case "log" -> ReduceLimit.LOG;
            default -> ReduceLimit.TRUE;
        };
        return ReducerOptions.defaults().withReduceLimit(reduceLimit).withCollation(ViewCollation.COUCHDB);
    }

    private static ViewReducer builtin(BuiltinReducer reducer) {
        return new ViewReducer() {
            @Override
            public Object reduce(List<ViewRow> rows) {
                try {
                    return reducer.reduce(keyValues(rows));
                } catch (BuiltinReduceException e) {
                    throw asCouchError(e);
                }
            }

            @Override
            public Object rereduce(List<Object> partials) {
                try {
                    return reducer.rereduce(partials);
                } catch (BuiltinReduceException e) {
                    throw asCouchError(e);
                }
            }

            @Override
            public JsonNode result(Object partial) {
                return reducer.result(partial);
            }

            @Override
            public void buildLeaves(List<List<ViewRow>> leaves) {
                for (List<ViewRow> leaf : leaves) {
                    try {
                        reducer.reduce(keyValues(leaf));
                    } catch (BuiltinReduceException e) {
                        // a crash while building fails the index: CouchDB names the crash term
                        throw new CouchError(e.status(), e.indexBuildError(), e.reason());
                    }
                }
            }
        };
    }

    private static List<KeyValue> keyValues(List<ViewRow> rows) {
        List<KeyValue> keyValues = new ArrayList<>(rows.size());
        for (ViewRow row : rows) {
            keyValues.add(new KeyValue(row.key(), row.id(), row.value()));
        }
        return keyValues;
    }

    private static CouchError asCouchError(BuiltinReduceException e) {
        return new CouchError(e.status(), e.error(), e.reason());
    }

    /** The collator version {@code _info} reports, as ICU numbers it (CouchDB shows libicu's); fixed per run. */
    private static final String COLLATOR_VERSION = collatorVersionOfIcu();

    static String collatorVersion() {
        return COLLATOR_VERSION;
    }

    private static String collatorVersionOfIcu() {
        var version = com.ibm.icu.text.Collator.getInstance(com.ibm.icu.util.ULocale.ROOT).getVersion();
        return version.getMajor() + "." + version.getMinor();
    }
}
