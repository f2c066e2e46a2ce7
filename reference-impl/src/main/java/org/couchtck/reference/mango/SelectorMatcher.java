package org.couchtck.reference.mango;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import org.couchtck.reference.collation.ViewCollation;
import org.couchtck.reference.erlang.ErlangEquality;

/**
 * {@code mango_selector:match/3} over a normalized selector. Values compare by CouchDB's view collation, except the
 * top-level {@code _id}, which compares by Erlang term order ({@code mango_json:cmp_raw}). Note the edges CouchDB
 * has: {@code $and: []} and {@code $or: []} match, {@code $in: []} and {@code $all: []} do not, {@code $nin: []}
 * does; {@code $mod} and {@code $size} only look at integers and arrays; a crash inside {@code $elemMatch},
 * {@code $allMatch} or {@code $keyMapMatch} counts as no match.
 */
final class SelectorMatcher {

    private static final Comparator<JsonNode> COLLATED = ViewCollation.COUCHDB;
    private static final Comparator<JsonNode> RAW = ViewCollation.RAW;

    private SelectorMatcher() {}

    static boolean matches(JsonNode selector, JsonNode doc) {
        if (selector.isObject() && selector.isEmpty()) {
            return true;
        }
        return match(selector, doc, COLLATED);
    }

    private static boolean match(JsonNode sel, JsonNode value, Comparator<JsonNode> cmp) {
        if (!sel.isObject() || sel.size() != 1) {
            throw MangoException.crashed("{unnormalized_selector," + sel + "}");
        }
        Map.Entry<String, JsonNode> only = sel.fields().next();
        String key = only.getKey();
        JsonNode arg = only.getValue();
        switch (key) {
            case "$and":
                for (JsonNode s : arg) {
                    if (!match(s, value, cmp)) {
                        return false;
                    }
                }
                return true;
            case "$or":
                if (arg.isEmpty()) {
                    return true;
                }
                for (JsonNode s : arg) {
                    if (match(s, value, cmp)) {
                        return true;
                    }
                }
                return false;
            case "$not":
                return !match(arg, value, cmp);
            case "$all":
                return all(arg, value);
            case "":
                return match(arg, value, cmp);
            case "$elemMatch":
                return value.isArray() && anyMatches(arg, value.elements(), cmp);
            case "$allMatch":
                return value.isArray() && !value.isEmpty() && allMatch(arg, value, cmp);
            case "$keyMapMatch":
                return value.isObject() && anyMatches(arg, keys(value), cmp);
            case "$lt":
                return cmp.compare(value, arg) < 0;
            case "$lte":
                return cmp.compare(value, arg) <= 0;
            case "$eq":
                return cmp.compare(value, arg) == 0;
            case "$ne":
                return cmp.compare(value, arg) != 0;
            case "$gte":
                return cmp.compare(value, arg) >= 0;
            case "$gt":
                return cmp.compare(value, arg) > 0;
            case "$in":
                return in(arg, value, cmp);
            case "$nin":
                if (arg.isEmpty()) {
                    return true;
                }
                if (value.isArray()) {
                    return !in(arg, value, cmp);
                }
                for (JsonNode a : arg) {
                    if (cmp.compare(value, a) == 0) {
                        return false;
                    }
                }
                return true;
            case "$exists":
                // a value is there whenever this is reached: a missing field is decided by the caller
                return arg.booleanValue();
            case "$type":
                return arg.textValue().equals(type(value));
            case "$mod":
                return mod(arg, value);
            case "$beginsWith":
                return value.isTextual() && value.textValue().startsWith(arg.textValue());
            case "$regex":
                return value.isTextual() && regex(arg.textValue(), value.textValue());
            case "$size":
                return value.isArray() && arg.bigIntegerValue().equals(BigInteger.valueOf(value.size()));
            case "$default":
                return true;
            default:
                break;
        }
        if (key.startsWith("$")) {
            throw MangoException.crashed("{mango_error,mango_selector,{invalid_operator,<<\"" + key + "\">>}}");
        }
        JsonNode sub = FieldPath.get(value, FieldPath.parse(key));
        if (sub == FieldPath.NOT_FOUND) {
            return arg.size() == 1 && arg.has("$exists") && arg.get("$exists").isBoolean()
                    && !arg.get("$exists").booleanValue();
        }
        if (sub == FieldPath.BAD_PATH) {
            return false;
        }
        return match(arg, sub, key.equals("_id") ? RAW : cmp);
    }

    /** {@code $all}: every argument is a member of the array (Erlang's exact {@code =:=}), or the lone argument is it. */
    private static boolean all(JsonNode args, JsonNode values) {
        if (args.isEmpty() || !values.isArray()) {
            return false;
        }
        boolean hasArgs = true;
        for (JsonNode a : args) {
            boolean member = false;
            for (JsonNode v : values) {
                if (ExactEquality.equal(a, v)) {
                    member = true;
                    break;
                }
            }
            if (!member) {
                hasArgs = false;
                break;
            }
        }
        boolean isArgs = args.size() == 1 && args.get(0).isArray() && ErlangEquality.equal(args.get(0), values);
        return hasArgs || isArgs;
    }

    private static boolean in(JsonNode args, JsonNode value, Comparator<JsonNode> cmp) {
        for (JsonNode a : args) {
            if (value.isArray()) {
                for (JsonNode v : value) {
                    if (cmp.compare(v, a) == 0) {
                        return true;
                    }
                }
            } else if (cmp.compare(value, a) == 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyMatches(JsonNode sel, Iterator<JsonNode> values, Comparator<JsonNode> cmp) {
        try {
            while (values.hasNext()) {
                if (match(sel, values.next(), cmp)) {
                    return true;
                }
            }
            return false;
        } catch (MangoException e) {
            return false;
        }
    }

    private static boolean allMatch(JsonNode sel, JsonNode values, Comparator<JsonNode> cmp) {
        try {
            for (JsonNode v : values) {
                if (!match(sel, v, cmp)) {
                    return false;
                }
            }
            return true;
        } catch (MangoException e) {
            return false;
        }
    }

    private static Iterator<JsonNode> keys(JsonNode object) {
        Iterator<String> names = object.fieldNames();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return names.hasNext();
            }

            @Override
            public JsonNode next() {
                return com.fasterxml.jackson.databind.node.TextNode.valueOf(names.next());
            }
        };
    }

    /** Erlang's {@code rem}: the sign of the dividend; a zero divisor crashes as {@code badarith}. */
    private static boolean mod(JsonNode arg, JsonNode value) {
        if (!value.isIntegralNumber()) {
            return false;
        }
        BigInteger divisor = arg.get(0).bigIntegerValue();
        if (divisor.signum() == 0) {
            throw MangoException.crashed("{badarith,nil,[{erlang,'rem',[" + value.bigIntegerValue() + ",0]}]}");
        }
        return value.bigIntegerValue().remainder(divisor).equals(arg.get(1).bigIntegerValue());
    }

    private static boolean regex(String regex, String value) {
        try {
            return PcreRegex.find(regex, value);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** {@code mango_json:type/1}. */
    static String type(JsonNode value) {
        if (value.isNull()) {
            return "null";
        }
        if (value.isBoolean()) {
            return "boolean";
        }
        if (value.isNumber()) {
            return "number";
        }
        if (value.isTextual()) {
            return "string";
        }
        return value.isObject() ? "object" : "array";
    }
}
