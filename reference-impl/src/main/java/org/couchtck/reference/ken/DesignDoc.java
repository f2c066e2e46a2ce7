package org.couchtck.reference.ken;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;

/**
 * What ken reads of a design document.
 *
 * @param id the document id, {@code _design/...}
 * @param language {@code language}, {@code javascript} when absent
 * @param autoupdateViews false when the document says {@code "autoupdate": false} or {@code "autoupdate": {"views":
 *     false}} (exactly the JSON {@code false}: a string {@code "false"} or any other value leaves it on)
 * @param hasViews whether {@code views} defines at least one view with a {@code map} member: without one there is
 *     no view index to build
 */
public record DesignDoc(String id, String language, boolean autoupdateViews, boolean hasViews) {

    /** The design document {@code id} whose body is {@code ddoc}. */
    public static DesignDoc of(String id, ObjectNode ddoc) {
        JsonNode language = ddoc.get("language");
        return new DesignDoc(id, language != null && language.isTextual() ? language.asText() : "javascript",
                autoupdates(ddoc, "views"), hasViews(ddoc.get("views")));
    }

    /** Whether {@code ddoc} lets ken build its indexes of {@code indexType} ({@code views}, {@code indexes}...). */
    static boolean autoupdates(ObjectNode ddoc, String indexType) {
        JsonNode autoupdate = ddoc.get("autoupdate");
        if (autoupdate == null) {
            return true;
        }
        if (autoupdate.isBoolean()) {
            return autoupdate.booleanValue();
        }
        if (autoupdate.isObject()) {
            JsonNode forType = autoupdate.get(indexType);
            return forType == null || !forType.isBoolean() || forType.booleanValue();
        }
        return true;
    }

    private static boolean hasViews(JsonNode views) {
        if (views == null || !views.isObject()) {
            return false;
        }
        for (Iterator<JsonNode> it = views.elements(); it.hasNext(); ) {
            JsonNode view = it.next();
            if (view.isObject() && view.has("map")) {
                return true;
            }
        }
        return false;
    }
}
