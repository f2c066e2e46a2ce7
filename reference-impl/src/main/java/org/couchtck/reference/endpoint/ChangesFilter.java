package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;

/**
 * Which changes a feed shows. The builtin id filters ({@code _doc_ids}, {@code _design}) only enumerate the documents
 * they match, as CouchDB's do; the others look at every change. That difference shows in {@code pending}.
 */
interface ChangesFilter {

    /** One boolean per document, in order. */
    List<Boolean> test(List<DocumentState> docs);

    /** Whether documents it rejects are never enumerated (so they do not count as seen for {@code pending}). */
    default boolean enumeratesMatchesOnly() {
        return false;
    }

    /**
     * What {@code include_docs} shows of a document that passed: all of it, except for a selector with
     * {@code fields} (couch_changes:doc_to_json).
     */
    default ObjectNode shown(ObjectNode doc) {
        return doc;
    }

    ChangesFilter ALL = docs -> docs.stream().map(d -> true).toList();

    /** The filter the request names, after CouchDB's checks of its parameters. */
    static ChangesFilter from(ApiRequest request, ChangesParams params, Database db, DesignDocCalls functions) {
        if (params.filter().isEmpty()) {
            return ALL;
        }
        String name = params.filter().get();
        switch (name) {
            case "_doc_ids": {
                Set<String> ids = ChangesParams.docIds(request);
                return byId(d -> ids.contains(d.id()));
            }
            case "_selector":
                return SelectorFilter.from(request);
            case "_design":
                return byId(d -> d.id().startsWith("_design/"));
            case "_view": {
                String view = request.param("view")
                        .orElseThrow(() -> CouchError.badRequest("`view` filter parameter is not provided."));
                int slash = view.indexOf('/');
                if (slash < 0) {
                    throw new CouchError(500, "case_clause", view);
                }
                ObjectNode ddoc = designDoc(db, view.substring(0, slash));
                String viewName = view.substring(slash + 1);
                if (!ddoc.path("views").path(viewName).path("map").isTextual()) {
                    throw CouchError.notFound("missing json key: " + viewName);
                }
                return docs -> booleans(call(functions, ddoc, List.of("views", viewName, "map"), args(bodies(docs))));
            }
            default:
                break;
        }
        if (name.startsWith("_")) {
            throw CouchError.badRequest("unknown builtin filter name");
        }
        int slash = name.indexOf('/');
        if (slash < 0) {
            throw CouchError.badRequest("`filter` must be of the form `designname/filtername`");
        }
        ObjectNode ddoc = designDoc(db, name.substring(0, slash));
        String filterName = name.substring(slash + 1);
        if (!ddoc.path("filters").path(filterName).isTextual()) {
            throw CouchError.notFound("missing json key: " + filterName);
        }
        ObjectNode req = DesignRequests.of(request, db, null);
        return docs -> booleans(call(functions, ddoc, List.of("filters", filterName), args(bodies(docs)).add(req)));
    }

    private static ChangesFilter byId(java.util.function.Predicate<DocumentState> match) {
        return new ChangesFilter() {
            @Override
            public List<Boolean> test(List<DocumentState> docs) {
                return docs.stream().map(match::test).toList();
            }

            @Override
            public boolean enumeratesMatchesOnly() {
                return true;
            }
        };
    }

    private static ObjectNode designDoc(Database db, String name) {
        DocumentState ddoc = db.get("_design/" + name).filter(d -> !d.deleted())
                .orElseThrow(() -> CouchError.notFound("missing"));
        return DocumentJson.render(ddoc, ddoc.winner(), DocumentJson.Options.PLAIN);
    }

    private static List<ObjectNode> bodies(List<DocumentState> docs) {
        List<ObjectNode> out = new ArrayList<>();
        for (DocumentState d : docs) {
            out.add(DocumentJson.render(d, d.winner(), DocumentJson.Options.PLAIN));
        }
        return out;
    }

    /**
     * A filter call; a function that throws makes the feed CouchDB 3.5.2's 500 {@code unknown_error} with the query
     * server's error name as the reason (recording changes.filter_js_throws #3), not the error itself as a show's.
     */
    private static JsonNode call(DesignDocCalls functions, ObjectNode ddoc, List<String> path, ArrayNode args) {
        try {
            return functions.call(ddoc, path, args);
        } catch (CouchError e) {
            if (e.status() != 500) {
                throw e;
            }
            throw new CouchError(500, "unknown_error", e.error());
        }
    }

    /** {@code [docs]}: the arguments of a filter call, to which a filter function's {@code req} is added. */
    private static ArrayNode args(List<ObjectNode> docs) {
        ArrayNode args = Json.MAPPER.createArrayNode();
        ArrayNode docArray = args.addArray();
        docs.forEach(docArray::add);
        return args;
    }

    /** {@code [true, [pass, ...]]}: one boolean per document (a map function passes a document it emitted for). */
    private static List<Boolean> booleans(JsonNode reply) {
        if (!(reply.isArray() && reply.size() == 2 && reply.get(0).asBoolean(false) && reply.get(1).isArray())) {
            throw DesignDocCalls.failure(reply);
        }
        List<Boolean> out = new ArrayList<>();
        for (JsonNode r : reply.get(1)) {
            out.add(r.isArray() ? !r.isEmpty() : r.asBoolean(false));
        }
        return out;
    }
}
