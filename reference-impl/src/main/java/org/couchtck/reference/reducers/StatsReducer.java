package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.erlang.ErlangTermFormatter;
import org.couchtck.reference.erlang.ErlangTermFormatter.Tuple;

/**
 * {@code _stats}: sum, count, min, max and sum of squares of numbers; element-wise for arrays (nested arrays
 * too); pre-aggregated {@code {sum,count,min,max,sumsqr}} objects count as what they describe (extra fields are
 * ignored). The partial is a {@link StatsTuple} or a list of them, as CouchDB keeps the unpacked tuple between
 * rereduces. Whatever else it meets fails the query with {@code 500 invalid_value} and CouchDB's text, or crashes
 * ({@code function_clause}) for arrays of different lengths.
 */
final class StatsReducer implements BuiltinReducer {

    private static final String STATS_ERROR =
            "The _stats function requires that map values be numbers or arrays of numbers, not '";
    private static final String[] FIELDS = {"sum", "count", "min", "max", "sumsqr"};

    private final String name;

    StatsReducer(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object reduce(List<KeyValue> rows) {
        List<Object> values = new ArrayList<>(rows.size());
        for (KeyValue row : rows) {
            values.add(row.value());
        }
        return stats(values);
    }

    @Override
    public Object rereduce(List<Object> partials) {
        return stats(partials);
    }

    @Override
    public JsonNode result(Object partial) {
        if (partial instanceof StatsTuple stats) {
            ObjectNode packed = JsonNodeFactory.instance.objectNode();
            packed.set("sum", stats.sum());
            packed.set("count", stats.count());
            packed.set("min", stats.min());
            packed.set("max", stats.max());
            packed.set("sumsqr", stats.sumsqr());
            return packed;
        }
        if (partial instanceof List<?> list) {
            ArrayNode packed = JsonNodeFactory.instance.arrayNode(list.size());
            list.forEach(element -> packed.add(result(element)));
            return packed;
        }
        // a pre-aggregated object that was never combined with anything: CouchDB shows it as it is
        return (JsonNode) partial;
    }

    private static Object stats(List<Object> values) {
        if (values.isEmpty()) {
            JsonNode zero = Numbers.integer(0);
            return new StatsTuple(zero, zero, zero, zero, zero);
        }
        Object acc = initial(values.get(0));
        for (int i = 1; i < values.size(); i++) {
            acc = combine(values.get(i), acc);
        }
        return acc;
    }

    /** {@code build_initial_accumulator}. */
    private static Object initial(Object value) {
        if (isList(value)) {
            List<Object> elements = elements(value);
            List<Object> acc = new ArrayList<>(elements.size());
            elements.forEach(element -> acc.add(initial(element)));
            return acc;
        }
        if (value instanceof StatsTuple) {
            return value;
        }
        JsonNode node = (JsonNode) value;
        if (node.isNumber()) {
            return StatsTuple.of(node);
        }
        if (node.isObject()) {
            return unpack(node);
        }
        throw BuiltinReduceException.invalidValue("non-numeric _stats input: " + ErlangTermFormatter.write(node));
    }

    /** {@code stat_values(Value, Acc)}. */
    private static Object combine(Object value, Object acc) {
        if (isList(value) && isList(acc)) {
            List<Object> values = elements(value);
            List<Object> accs = elements(acc);
            List<Object> combined = new ArrayList<>(Math.min(values.size(), accs.size()));
            for (int i = 0; i < Math.min(values.size(), accs.size()); i++) {
                combined.add(combine(values.get(i), accs.get(i)));
            }
            if (values.size() != accs.size()) {
                throw BuiltinReduceException.crash("function_clause",
                        "lists:zipwith/3 on arrays of different lengths (" + values.size() + " and " + accs.size() + ")");
            }
            return combined;
        }
        if (value instanceof JsonNode node && node.isObject()) {
            return combine(unpack(node), acc);
        }
        if (value instanceof JsonNode node && node.isNumber()) {
            return combine(StatsTuple.of(node), acc);
        }
        if (acc instanceof JsonNode node && node.isNumber()) {
            return combine(value, StatsTuple.of(node));
        }
        if (value instanceof StatsTuple v && acc instanceof StatsTuple a) {
            return new StatsTuple(Numbers.add(v.sum(), a.sum()), Numbers.add(v.count(), a.count()),
                    Numbers.min(v.min(), a.min()), Numbers.max(v.max(), a.max()), Numbers.add(v.sumsqr(), a.sumsqr()));
        }
        throw BuiltinReduceException.invalidValue(
                STATS_ERROR + ErlangTermFormatter.print(term(value), STATS_ERROR.length()) + "'");
    }

    /** {@code unpack_stats}: the five fields, each a number, looked up in CouchDB's order. */
    private static StatsTuple unpack(JsonNode object) {
        JsonNode[] numbers = new JsonNode[FIELDS.length];
        for (int i = 0; i < FIELDS.length; i++) {
            JsonNode field = object.get(FIELDS[i]);
            if (field == null) {
                String prefix = "user _stats input missing required field " + FIELDS[i] + " (";
                throw BuiltinReduceException.invalidValue(
                        prefix + ErlangTermFormatter.print(proplist(object), prefix.length()) + ")");
            }
            if (!field.isNumber()) {
                throw BuiltinReduceException.invalidValue("non-numeric _stats input received for " + FIELDS[i] + ": "
                        + ErlangTermFormatter.write(field));
            }
            numbers[i] = field;
        }
        return new StatsTuple(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4]);
    }

    private static List<Object> proplist(JsonNode object) {
        List<Object> props = new ArrayList<>(object.size());
        object.properties().forEach(field -> props.add(Tuple.of(TextNode.valueOf(field.getKey()), field.getValue())));
        return props;
    }

    private static Object term(Object value) {
        if (value instanceof StatsTuple stats) {
            return Tuple.of(stats.sum(), stats.count(), stats.min(), stats.max(), stats.sumsqr());
        }
        if (value instanceof List<?> list) {
            return list.stream().map(StatsReducer::term).toList();
        }
        return value;
    }

    private static boolean isList(Object value) {
        return value instanceof List<?> || (value instanceof JsonNode node && node.isArray());
    }

    private static List<Object> elements(Object list) {
        if (list instanceof List<?> elements) {
            return new ArrayList<>(elements);
        }
        List<Object> elements = new ArrayList<>();
        ((JsonNode) list).forEach(elements::add);
        return elements;
    }

    /** CouchDB's unpacked {@code {Sum, Count, Min, Max, SumSqr}}. */
    record StatsTuple(JsonNode sum, JsonNode count, JsonNode min, JsonNode max, JsonNode sumsqr) {

        static StatsTuple of(JsonNode number) {
            return new StatsTuple(number, Numbers.integer(1), number, number, Numbers.multiply(number, number));
        }
    }
}
