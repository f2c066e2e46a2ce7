package org.couchtck.reference.mango;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.couchtck.reference.erlang.ErlangTermFormatter;

/**
 * {@code mango_selector:normalize/1} in its three steps: operators made explicit and checked (norm_ops), field names
 * joined into dotted paths down to the terminal operators (norm_fields), negations pushed down (norm_negations). The
 * result is a tree of one-member objects, the shape {@link SelectorMatcher} expects.
 */
final class SelectorNormalizer {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> COMPARISONS = Set.of("$lt", "$lte", "$eq", "$ne", "$gte", "$gt");
    private static final Set<String> UNSUPPORTED = Set.of("$where", "$geoWithin", "$geoIntersects", "$near",
            "$nearSphere");
    private static final Set<String> COMBINATIONS = Set.of("$and", "$or", "$nor");
    private static final Set<String> SUB_SELECTORS = Set.of("$elemMatch", "$allMatch", "$keyMapMatch");

    private SelectorNormalizer() {}

    /** The normalized selector; {@code {}} stays {@code {}} (it matches everything). */
    static JsonNode normalize(JsonNode selector) {
        if (selector.isObject() && selector.isEmpty()) {
            return selector;
        }
        JsonNode normalized = negations(fields(ops(selector)));
        if (normalized.isObject() && normalized.has("")) {
            throw MangoException.refused("invalid_selector", "One or more conditions is missing a field name.");
        }
        return normalized;
    }

    // ---- norm_ops

    private static JsonNode ops(JsonNode sel) {
        if (!sel.isObject() || sel.isEmpty()) {
            return one("$eq", sel);
        }
        if (sel.size() > 1) {
            ArrayNode parts = NODES.arrayNode();
            sel.fields().forEachRemaining(e -> parts.add(ops(one(e.getKey(), e.getValue()))));
            return one("$and", parts);
        }
        Map.Entry<String, JsonNode> only = sel.fields().next();
        String op = only.getKey();
        JsonNode arg = only.getValue();
        if (COMBINATIONS.contains(op)) {
            if (!arg.isArray()) {
                throw badArg(op, arg);
            }
            return one(op, opsEach(arg));
        }
        switch (op) {
            case "$not":
            case "$elemMatch":
            case "$allMatch":
            case "$keyMapMatch":
                if (!arg.isObject()) {
                    throw badArg(op, arg);
                }
                return one(op, ops(arg));
            case "$in":
            case "$nin":
            case "$all":
                if (!arg.isArray()) {
                    throw badArg(op, arg);
                }
                return sel;
            case "$exists":
                return require(sel, arg.isBoolean());
            case "$type":
                return require(sel, arg.isTextual());
            case "$mod":
                return require(sel, arg.isArray() && arg.size() == 2 && arg.get(0).isIntegralNumber()
                        && arg.get(1).isIntegralNumber());
            case "$size":
                return require(sel, arg.isIntegralNumber() && arg.bigIntegerValue().signum() >= 0);
            case "$text":
                if (arg.isTextual() || arg.isNumber() || arg.isBoolean()) {
                    return one("$default", one("$text", arg));
                }
                throw badArg(op, arg);
            case "$regex":
                if (arg.isTextual()) {
                    // an argument of another type has no clause in norm_ops: it is an unknown operator
                    return require(sel, PcreRegex.compiles(arg.textValue()));
                }
                break;
            case "$beginsWith":
                if (arg.isTextual()) {
                    return sel;
                }
                break;
            case "$default":
                return sel;
            default:
                if (COMPARISONS.contains(op)) {
                    return sel;
                }
        }
        if (UNSUPPORTED.contains(op)) {
            throw MangoException.refused("not_supported", "Unsupported operator: " + op);
        }
        if (op.startsWith("$")) {
            throw MangoException.refused("invalid_operator", "Invalid operator: " + op);
        }
        return one(op, ops(arg));
    }

    private static ArrayNode opsEach(JsonNode args) {
        ArrayNode out = NODES.arrayNode();
        args.forEach(a -> out.add(ops(a)));
        return out;
    }

    private static JsonNode require(JsonNode sel, boolean valid) {
        if (!valid) {
            Map.Entry<String, JsonNode> only = sel.fields().next();
            throw badArg(only.getKey(), only.getValue());
        }
        return sel;
    }

    private static MangoException badArg(String op, JsonNode arg) {
        return MangoException.refused("bad_arg", "Bad argument for operator " + op + ": "
                + ErlangTermFormatter.write(arg));
    }

    // ---- norm_fields

    private static JsonNode fields(JsonNode sel) {
        if (sel.isObject() && sel.isEmpty()) {
            return sel;
        }
        return fields(sel, "");
    }

    private static JsonNode fields(JsonNode sel, String path) {
        if (!sel.isObject() || sel.size() != 1) {
            throw badField(sel);
        }
        Map.Entry<String, JsonNode> only = sel.fields().next();
        String key = only.getKey();
        JsonNode arg = only.getValue();
        if (COMBINATIONS.contains(key)) {
            ArrayNode parts = NODES.arrayNode();
            arg.forEach(a -> parts.add(fields(a, path)));
            return one(key, parts);
        }
        if (key.equals("$not")) {
            return one(key, fields(arg, path));
        }
        if (SUB_SELECTORS.contains(key)) {
            // the argument's own fields are relative to each element, so they start a path of their own
            return one(path, one(key, fields(arg)));
        }
        if (key.equals("$default")) {
            if (path.isEmpty() && arg.isObject() && arg.size() == 1 && arg.has("$text")) {
                return sel;
            }
            throw badField(sel);
        }
        if (key.startsWith("$")) {
            return one(path, sel);
        }
        return fields(arg, path.isEmpty() ? key : path + "." + key);
    }

    private static MangoException badField(JsonNode sel) {
        return MangoException.refused("bad_field", "Invalid field normalization on selector: "
                + ErlangTermFormatter.write(sel));
    }

    // ---- norm_negations

    private static JsonNode negations(JsonNode sel) {
        if (!sel.isObject() || sel.size() != 1) {
            return sel;
        }
        Map.Entry<String, JsonNode> only = sel.fields().next();
        String key = only.getKey();
        JsonNode arg = only.getValue();
        return switch (key) {
            case "$not" -> negate(arg);
            case "$nor" -> one("$and", each(arg, SelectorNormalizer::negate));
            case "$and", "$or" -> one(key, each(arg, SelectorNormalizer::negations));
            case "$elemMatch", "$allMatch", "$keyMapMatch" -> one(key, negations(arg));
            default -> sel;
        };
    }

    private static JsonNode negate(JsonNode sel) {
        Map.Entry<String, JsonNode> only = sel.fields().next();
        String key = only.getKey();
        JsonNode arg = only.getValue();
        return switch (key) {
            case "$not" -> negations(arg);
            case "$nor" -> one("$or", each(arg, SelectorNormalizer::negations));
            case "$and" -> one("$or", each(arg, SelectorNormalizer::negate));
            case "$or" -> one("$and", each(arg, SelectorNormalizer::negate));
            case "$default" -> throw badArg("$not", sel);
            case "$lt" -> one("$gte", arg);
            case "$lte" -> one("$gt", arg);
            case "$eq" -> one("$ne", arg);
            case "$ne" -> one("$eq", arg);
            case "$gte" -> one("$lt", arg);
            case "$gt" -> one("$lte", arg);
            case "$in" -> one("$nin", arg);
            case "$nin" -> one("$in", arg);
            case "$exists" -> one("$exists", NODES.booleanNode(!arg.booleanValue()));
            default -> key.startsWith("$") ? one("$not", sel) : one(key, negate(arg));
        };
    }

    private static ArrayNode each(JsonNode args, java.util.function.UnaryOperator<JsonNode> step) {
        ArrayNode out = NODES.arrayNode();
        for (Iterator<JsonNode> it = args.elements(); it.hasNext();) {
            out.add(step.apply(it.next()));
        }
        return out;
    }

    static ObjectNode one(String key, JsonNode value) {
        ObjectNode node = NODES.objectNode();
        node.set(key, value);
        return node;
    }
}
