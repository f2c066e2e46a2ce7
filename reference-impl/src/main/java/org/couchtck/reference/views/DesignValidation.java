package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The field checks couch_mrview runs when a design document is saved: each listed path must hold the named JSON types
 * where it is present, and every view but {@code lib} needs a map function. A breach is
 * {@link InvalidDesignDocException} with CouchDB's message ("`views.v.map` field must have string type").
 */
public final class DesignValidation {

    private enum Type {
        OBJECT, STRING, ARRAY, BOOLEAN;

        boolean matches(JsonNode value) {
            return switch (this) {
                case OBJECT -> value.isObject();
                case STRING -> value.isTextual();
                case ARRAY -> value.isArray();
                case BOOLEAN -> value.isBoolean();
            };
        }

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One step of a path: a field name ({@code null} for every field of the object) and the types allowed there. */
    private record Step(String field, List<Type> types) {
        static Step of(String field, Type... types) {
            return new Step(field, List.of(types));
        }
    }

    private static final List<List<Step>> PATHS = List.of(
            List.of(Step.of("filters", Type.OBJECT), Step.of(null, Type.OBJECT, Type.STRING)),
            List.of(Step.of("language", Type.STRING)),
            List.of(Step.of("lists", Type.OBJECT), Step.of(null, Type.OBJECT, Type.STRING)),
            List.of(Step.of("options", Type.OBJECT)),
            List.of(Step.of("options", Type.OBJECT), Step.of("include_design", Type.BOOLEAN)),
            List.of(Step.of("options", Type.OBJECT), Step.of("local_seq", Type.BOOLEAN)),
            List.of(Step.of("options", Type.OBJECT), Step.of("partitioned", Type.BOOLEAN)),
            List.of(Step.of("rewrites", Type.STRING, Type.ARRAY)),
            List.of(Step.of("shows", Type.OBJECT), Step.of(null, Type.OBJECT, Type.STRING)),
            List.of(Step.of("updates", Type.OBJECT), Step.of(null, Type.OBJECT, Type.STRING)),
            List.of(Step.of("validate_doc_update", Type.STRING, Type.OBJECT)),
            List.of(Step.of("views", Type.OBJECT), Step.of("lib", Type.OBJECT)));

    private DesignValidation() {}

    /** Checks the fields of a design document's body, in CouchDB's order; the first breach is thrown. */
    public static void validateFields(JsonNode ddoc) {
        Type mapType = "query".equals(ddoc.path("language").asText(null)) ? Type.OBJECT : Type.STRING;
        List<List<Step>> paths = new ArrayList<>(PATHS);
        paths.add(List.of(Step.of("views", Type.OBJECT), Step.of(null, Type.OBJECT), Step.of("map", mapType)));
        paths.add(List.of(Step.of("views", Type.OBJECT), Step.of(null, Type.OBJECT), Step.of("reduce", Type.STRING)));
        for (List<Step> path : paths) {
            check(ddoc, path, 0, new ArrayList<>());
        }
        requireMapFunctions(ddoc);
    }

    private static void check(JsonNode object, List<Step> path, int at, List<String> trail) {
        if (object == null || at == path.size() || !object.isObject()) {
            return;
        }
        Step step = path.get(at);
        if (step.field() == null) {
            for (Iterator<String> names = object.fieldNames(); names.hasNext();) {
                String name = names.next();
                checkField(object, name, step.types(), path, at, trail);
            }
        } else {
            checkField(object, step.field(), step.types(), path, at, trail);
        }
    }

    private static void checkField(JsonNode object, String name, List<Type> types, List<Step> path, int at,
            List<String> trail) {
        JsonNode value = object.get(name);
        if (value == null) {
            return;
        }
        List<String> here = new ArrayList<>(trail);
        here.add(name);
        if (types.stream().noneMatch(t -> t.matches(value))) {
            String typeText = types.stream().map(Type::label).collect(Collectors.joining(" or "));
            throw new InvalidDesignDocException(
                    "`" + String.join(".", here) + "` field must have " + typeText + " type");
        }
        check(value, path, at + 1, here);
    }

    private static void requireMapFunctions(JsonNode ddoc) {
        JsonNode views = ddoc.get("views");
        if (views == null || !views.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = views.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> view = it.next();
            if (!view.getKey().equals("lib") && view.getValue().isObject() && !view.getValue().has("map")) {
                throw new InvalidDesignDocException("View `" + view.getKey() + "` must contain map function");
            }
        }
    }
}
