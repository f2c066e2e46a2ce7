package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What of a design document its view index depends on: language, views, {@code views.lib} and the index options.
 * Two design documents with the same definition share an index in CouchDB (by signature); here the signature names an
 * index too, so an edit that leaves the views alone keeps the built index.
 *
 * @param ddocId the design document's id ({@code _design/x})
 * @param language {@code language}, {@code javascript} when absent
 * @param views the views with a map function, in the design document's order
 * @param lib {@code views.lib}, an empty object when absent
 * @param includeDesign {@code options.include_design}: map design documents too
 * @param localSeq {@code options.local_seq}: give map functions {@code _local_seq}
 * @param signature couch_mrview's signature of the definition ({@link ViewSignature})
 */
public record DesignDefinition(String ddocId, String language, List<ViewDefinition> views, ObjectNode lib,
        boolean includeDesign, boolean localSeq, String signature) {

    public DesignDefinition {
        views = List.copyOf(views);
    }

    /** The view named {@code name}. */
    public Optional<ViewDefinition> view(String name) {
        return views.stream().filter(v -> v.name().equals(name)).findFirst();
    }

    /** Reads a design document's body (already validated, see {@link DesignValidation}). */
    public static DesignDefinition of(String ddocId, ObjectNode ddoc) {
        String language = ddoc.path("language").isTextual() ? ddoc.get("language").asText() : "javascript";
        List<ViewDefinition> views = new ArrayList<>();
        ObjectNode lib = ddoc.objectNode();
        JsonNode rawViews = ddoc.path("views");
        if (rawViews.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = rawViews.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> view = it.next();
                JsonNode body = view.getValue();
                if (view.getKey().equals("lib") && body.isObject()) {
                    lib = (ObjectNode) body;
                    continue;
                }
                if (!body.isObject() || !body.path("map").isTextual()) {
                    continue; // CouchDB logs such a view and leaves it out of the index
                }
                JsonNode reduce = body.get("reduce");
                Optional<String> reduceSource = reduce != null && reduce.isTextual()
                        ? Optional.of(reduce.asText()) : Optional.empty();
                boolean raw = "raw".equals(body.path("options").path("collation").asText(null));
                views.add(new ViewDefinition(view.getKey(), body.get("map").asText(), reduceSource, raw));
            }
        }
        JsonNode options = ddoc.path("options");
        boolean includeDesign = options.path("include_design").asBoolean(false);
        boolean localSeq = options.path("local_seq").asBoolean(false);
        return new DesignDefinition(ddocId, language, views, lib, includeDesign, localSeq,
                ViewSignature.of(language, rawViews, options));
    }
}
