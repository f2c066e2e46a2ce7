package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import org.couchtck.reference.reducers.BuiltinReducers;
import org.couchtck.reference.reducers.InvalidReduceFunctionException;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.views.DesignValidation;
import org.couchtck.reference.views.InvalidDesignDocException;

/**
 * What CouchDB checks when a design document is saved (couch_mrview's validate): field types, a map function per
 * view, and — when the language has a query server — that map functions compile and builtin reduce names exist.
 * Documents in a language nobody serves are saved unchecked beyond the field types, as CouchDB saves them.
 */
final class DesignChecks {

    private final ViewServers servers;

    DesignChecks(ViewServers servers) {
        this.servers = servers;
    }

    /** @throws CouchError 400 {@code invalid_design_doc} or {@code compilation_error} */
    void check(DocumentWrite write) {
        if (!write.id().startsWith("_design/") || write.deleted()) {
            return;
        }
        ObjectNode body = write.body();
        try {
            DesignValidation.validateFields(body);
        } catch (InvalidDesignDocException e) {
            throw new CouchError(400, "invalid_design_doc", e.getMessage());
        }
        String language = body.path("language").asText("javascript");
        JsonNode views = body.path("views");
        if (!views.isObject() || views.isEmpty() || !servers.serves(language)) {
            return;
        }
        QueryProcess process = servers.checkOut(language);
        try {
            for (Iterator<Map.Entry<String, JsonNode>> it = views.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> view = it.next();
                if (view.getKey().equals("lib") || !view.getValue().path("map").isTextual()) {
                    continue;
                }
                compile(process, view.getKey(), view.getValue().get("map").asText());
                JsonNode reduce = view.getValue().get("reduce");
                if (reduce != null && reduce.isTextual() && BuiltinReducers.isBuiltin(reduce.asText())) {
                    try {
                        BuiltinReducers.forSource(reduce.asText());
                    } catch (InvalidReduceFunctionException e) {
                        throw new CouchError(400, "invalid_design_doc", e.getMessage());
                    }
                }
            }
        } finally {
            servers.checkIn(language, process);
        }
    }

    /** {@code add_fun} on the checked-out server, as couch_query_servers:try_compile does. */
    private static void compile(QueryProcess process, String viewName, String source) {
        JsonNode reply = process.prompt(Json.MAPPER.createArrayNode().add("add_fun").add(source));
        if (reply.isArray() && reply.size() >= 3 && "error".equals(reply.get(0).asText(null))) {
            throw new CouchError(400, "compilation_error", "Compilation of the map function in the '" + viewName
                    + "' view failed: " + reply.get(2).asText());
        }
    }
}
