package org.couchtck.reference.mango;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.erlang.ErlangTermFormatter;

/**
 * A selector request's {@code fields}: which members of a matching document are shown, in the order given, as
 * {@code mango_fields:extract/2} builds them ({@code "o.k"} gives {@code {"o":{"k":...}}}). No fields, or an empty
 * list, shows the whole document.
 */
public final class FieldsProjection {

    /** The whole document. */
    public static final FieldsProjection ALL = new FieldsProjection(List.of());

    private final List<String> fields;

    private FieldsProjection(List<String> fields) {
        this.fields = List.copyOf(fields);
    }

    /**
     * {@code fields} as {@code mango_fields:new/1} checks it (a missing value is {@link #ALL}).
     *
     * @throws MangoException 400 {@code invalid_field_json} for an element that is neither a string nor an object
     * @throws IllegalArgumentException when {@code fields} is not an array (callers answer that themselves)
     */
    public static FieldsProjection of(JsonNode fields) {
        if (fields == null || fields.isMissingNode()) {
            return ALL;
        }
        if (!fields.isArray()) {
            throw new IllegalArgumentException("fields is a JSON array");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode f : fields) {
            if (f.isTextual()) {
                names.add(f.textValue());
            } else if (!f.isObject()) {
                throw MangoException.refused("invalid_field_json",
                        "Invalid JSON for field spec: " + ErlangTermFormatter.write(f));
            }
        }
        return new FieldsProjection(names);
    }

    /** The members of {@code doc} this projection shows. */
    public ObjectNode extract(ObjectNode doc) {
        if (fields.isEmpty()) {
            return doc;
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        for (String field : fields) {
            List<String> path = FieldPath.parse(field);
            JsonNode value = FieldPath.get(doc, path);
            if (value != FieldPath.NOT_FOUND && value != FieldPath.BAD_PATH) {
                put(out, path, value);
            }
        }
        return out;
    }

    private static void put(ObjectNode into, List<String> path, JsonNode value) {
        ObjectNode at = into;
        for (String name : path.subList(0, path.size() - 1)) {
            JsonNode next = at.get(name);
            if (!(next instanceof ObjectNode)) {
                next = at.putObject(name);
            }
            at = (ObjectNode) next;
        }
        at.set(path.get(path.size() - 1), value.deepCopy());
    }
}
