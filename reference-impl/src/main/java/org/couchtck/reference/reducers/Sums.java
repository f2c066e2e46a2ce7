package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.couchtck.reference.erlang.ErlangTermFormatter;

/**
 * CouchDB's {@code builtin_sum_rows}: adds up numbers, arrays of numbers (element-wise, the shorter one padded) and
 * objects (field by field, nested), starting from the integer 0. What it cannot add becomes a
 * {@code builtin_reduce_error} value, and an error value among the inputs (a partial that already failed) is the
 * result; {@code case_clause} crashes stay crashes.
 */
final class Sums {

    static final String SUM_ERROR = "The _sum function requires that map values be numbers, arrays of numbers, or "
            + "objects. Objects cannot be mixed with other data structures. Objects can be arbitrarily nested, "
            + "provided that the values for all fields are themselves numbers, arrays of numbers, or objects.";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Sums() {
    }

    /** Sums {@code count} values in order; the first value CouchDB cannot add ends it with an error value. */
    static JsonNode sumRows(int count, IntFunction<JsonNode> valueAt) {
        int i = 0;
        long longSum = 0;
        // the hot path: integers that fit a long, with no node per step
        for (; i < count; i++) {
            JsonNode value = valueAt.apply(i);
            if (!value.isInt() && !value.isLong()) {
                break;
            }
            long x = value.longValue();
            long sum = longSum + x;
            if (((longSum ^ sum) & (x ^ sum)) < 0) {
                break;
            }
            longSum = sum;
        }
        if (i == count) {
            return Numbers.integer(longSum);
        }
        // then floats, once one has turned the sum into a float
        JsonNode acc = Numbers.integer(longSum);
        if (valueAt.apply(i).isFloatingPointNumber()) {
            double doubleSum = longSum;
            for (; i < count; i++) {
                JsonNode value = valueAt.apply(i);
                if (!value.isNumber()) {
                    break;
                }
                doubleSum += value.doubleValue();
            }
            acc = DoubleNode.valueOf(doubleSum);
        }
        try {
            for (; i < count; i++) {
                acc = add(valueAt.apply(i), acc);
            }
            return acc;
        } catch (ErrorValue error) {
            return error.value;
        }
    }

    /** CouchDB's {@code sum_values(Value, Acc)}. */
    private static JsonNode add(JsonNode value, JsonNode acc) {
        if (value.isNumber() && acc.isNumber()) {
            return Numbers.add(acc, value);
        }
        if (value.isArray() && acc.isArray()) {
            return addArrays(acc, value);
        }
        if (value.isNumber() && acc.isArray()) {
            return addArrays(acc, NODES.arrayNode().add(value));
        }
        if (value.isArray() && acc.isNumber()) {
            return addArrays(NODES.arrayNode().add(acc), value);
        }
        if (value.isObject()) {
            JsonNode error = value.get("error");
            if (error != null && error.isTextual() && error.textValue().equals("builtin_reduce_error")) {
                throw new ErrorValue(value);
            }
            if (acc.isIntegralNumber() && acc.bigIntegerValue().signum() == 0) {
                // CouchDB matches the integer 0, the start value, and takes the object as it is, fields unsorted
                return value;
            }
            if (acc.isObject()) {
                return addObjects(sortedFields(value), sortedFields(acc));
            }
            throw BuiltinReduceException.caseClause(ErlangTermFormatter.toBinary(acc),
                    ErlangTermFormatter.print(acc, "{case_clause,".length()));
        }
        throw sumError(value);
    }

    /** {@code sum_arrays(Xs, Ys)}: Xs is the accumulated side, and the one an error names. */
    private static JsonNode addArrays(JsonNode xs, JsonNode ys) {
        ArrayNode sum = NODES.arrayNode(Math.max(xs.size(), ys.size()));
        int common = Math.min(xs.size(), ys.size());
        for (int i = 0; i < common; i++) {
            JsonNode x = xs.get(i);
            JsonNode y = ys.get(i);
            if (!x.isNumber() || !y.isNumber()) {
                ArrayNode rest = NODES.arrayNode();
                for (int j = i; j < xs.size(); j++) {
                    rest.add(xs.get(j));
                }
                throw sumError(rest);
            }
            sum.add(Numbers.add(x, y));
        }
        JsonNode longer = xs.size() > ys.size() ? xs : ys;
        for (int i = common; i < longer.size(); i++) {
            sum.add(longer.get(i));
        }
        return sum;
    }

    /** {@code sum_objects}: a merge of two field lists sorted by name; fields in both are added. */
    private static JsonNode addObjects(List<Map.Entry<String, JsonNode>> values, List<Map.Entry<String, JsonNode>> accs) {
        ObjectNode sum = NODES.objectNode();
        int i = 0;
        int j = 0;
        while (i < values.size() && j < accs.size()) {
            Map.Entry<String, JsonNode> value = values.get(i);
            Map.Entry<String, JsonNode> acc = accs.get(j);
            int order = Utf8Order.compare(value.getKey(), acc.getKey());
            if (order == 0) {
                sum.set(value.getKey(), add(value.getValue(), acc.getValue()));
                i++;
                j++;
            } else if (order < 0) {
                sum.set(value.getKey(), value.getValue());
                i++;
            } else {
                sum.set(acc.getKey(), acc.getValue());
                j++;
            }
        }
        for (; i < values.size(); i++) {
            sum.set(values.get(i).getKey(), values.get(i).getValue());
        }
        for (; j < accs.size(); j++) {
            sum.set(accs.get(j).getKey(), accs.get(j).getValue());
        }
        return sum;
    }

    private static List<Map.Entry<String, JsonNode>> sortedFields(JsonNode object) {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(object.properties());
        fields.sort((a, b) -> Utf8Order.compare(a.getKey(), b.getKey()));
        return fields;
    }

    private static ErrorValue sumError(JsonNode causedBy) {
        ObjectNode error = NODES.objectNode();
        error.put("error", "builtin_reduce_error");
        error.put("reason", SUM_ERROR);
        error.set("caused_by", causedBy);
        return new ErrorValue(error);
    }

    /** Unwinds to {@link #sumRows}, which returns the error value as the sum, as CouchDB's catch does. */
    private static final class ErrorValue extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient JsonNode value;

        ErrorValue(JsonNode value) {
            super(null, null, false, false);
            this.value = value;
        }
    }
}
