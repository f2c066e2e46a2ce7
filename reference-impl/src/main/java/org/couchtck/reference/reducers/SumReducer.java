package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * {@code _sum}: see {@link Sums} for what adds up. After each reduce and rereduce CouchDB checks the output against
 * {@code reduce_limit}: an output larger than the threshold that is not at least {@code ratio} times smaller than
 * the input (both as {@code external_size}) fails, unless the limit is off or only logged. Partials and results are
 * JSON values; a failed sum is a {@code builtin_reduce_error} object, shown with status 200.
 */
final class SumReducer implements BuiltinReducer {

    /** Numbers (but big integers) encode in at most 11 bytes: no threshold this large can be exceeded by them. */
    private static final long SCALAR_SIZE_BOUND = 16;

    private final String name;
    private final ReducerOptions options;

    SumReducer(String name, ReducerOptions options) {
        this.name = name;
        this.options = options;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Object reduce(List<KeyValue> rows) {
        JsonNode sum = Sums.sumRows(rows.size(), i -> rows.get(i).value());
        return checkOverflow(sum, () -> ReduceInputSize.ofRows(rows));
    }

    @Override
    public Object rereduce(List<Object> partials) {
        List<JsonNode> values = new ArrayList<>(partials.size());
        for (Object partial : partials) {
            values.add((JsonNode) partial);
        }
        JsonNode sum = Sums.sumRows(values.size(), values::get);
        return checkOverflow(sum, () -> ReduceInputSize.ofPartials(values));
    }

    @Override
    public JsonNode result(Object partial) {
        return (JsonNode) partial;
    }

    private JsonNode checkOverflow(JsonNode sum, IntSupplier inputSize) {
        if (options.reduceLimit() == ReduceLimit.FALSE) {
            return sum;
        }
        if (sum.isNumber() && !sum.isBigInteger() && options.reduceLimitThreshold() >= SCALAR_SIZE_BOUND) {
            return sum;
        }
        int outSize = ReduceInputSize.ofValue(sum);
        if (outSize <= options.reduceLimitThreshold()) {
            return sum;
        }
        int inSize = inputSize.getAsInt();
        if (!(outSize * options.reduceLimitRatio() > inSize) || options.reduceLimit() == ReduceLimit.LOG) {
            return sum;
        }
        ObjectNode error = JsonNodeFactory.instance.objectNode();
        error.put("error", "builtin_reduce_error");
        // CouchDB's context is empty for view reductions
        error.put("reason", "Reduce output must shrink more rapidly: input size: " + inSize + " output size: "
                + outSize + " context: ");
        return error;
    }
}
