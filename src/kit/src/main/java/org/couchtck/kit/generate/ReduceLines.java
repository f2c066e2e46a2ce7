package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.wire.WireJson;

/**
 * The {@code reduce} and {@code rereduce} lines of generated reduce functions, their sources taken from a language
 * pack: each {@link ReduceFunction.Algebra} is the catalogue function {@link ReduceFunction#catalogueId()}. Any
 * language whose pack has those four sources can run the reduce suites, whether or not the kit can write map
 * functions in it.
 */
public final class ReduceLines {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Map<ReduceFunction.Algebra, String> sources;
    private final ProtocolShape shape;

    private ReduceLines(Map<ReduceFunction.Algebra, String> sources, ProtocolShape shape) {
        this.sources = sources;
        this.shape = shape;
    }

    /** The lines for {@code language}, or empty when its pack lacks the source of one of the algebras. */
    public static Optional<ReduceLines> fromPack(FunctionLibrary functions, String language, ProtocolShape shape) {
        Map<ReduceFunction.Algebra, String> sources = new EnumMap<>(ReduceFunction.Algebra.class);
        for (ReduceFunction.Algebra algebra : ReduceFunction.Algebra.values()) {
            Optional<String> source = functions.source(new ReduceFunction(algebra).catalogueId(), language);
            if (source.isEmpty()) {
                return Optional.empty();
            }
            sources.put(algebra, source.get());
        }
        return Optional.of(new ReduceLines(sources, shape));
    }

    /** The lines for {@code language} from the packs shipped with the kit. */
    static ReduceLines builtIn(String language, ProtocolShape shape) {
        return fromPack(FunctionLibrary.builtIn(), language, shape).orElseThrow(() -> new IllegalArgumentException(
                "no generated reduce functions in the " + language + " pack (needs "
                        + Arrays.stream(ReduceFunction.Algebra.values())
                                .map(a -> new ReduceFunction(a).catalogueId()).toList() + ")"));
    }

    /** The source of {@code function}. */
    public String source(ReduceFunction function) {
        return sources.get(function.algebra());
    }

    /** {@code ["reduce", funs, kvs(, context)]}. */
    public String reduce(List<ReduceFunction> funs, ArrayNode kvs) {
        ArrayNode message = NODES.arrayNode().add("reduce");
        ArrayNode names = message.addArray();
        funs.forEach(f -> names.add(source(f)));
        message.add(kvs);
        return withContext(message);
    }

    /** {@code ["rereduce", [fun], values(, context)]}: CouchDB rereduces one function at a time. */
    public String rereduce(ReduceFunction fun, ArrayNode values) {
        ArrayNode message = NODES.arrayNode().add("rereduce");
        message.addArray().add(source(fun));
        message.add(values);
        return withContext(message);
    }

    private String withContext(ArrayNode message) {
        if (shape.reduceContext()) {
            message.add(ProtocolShape.CONTEXT);
        }
        return WireJson.write(message);
    }
}
