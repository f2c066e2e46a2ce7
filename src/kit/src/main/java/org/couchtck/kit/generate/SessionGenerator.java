package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.couchtck.kit.wire.WireJson;

/**
 * Generates CouchDB-like sessions in the order CouchDB's indexer talks: {@code reset}, maybe {@code add_lib},
 * {@code add_fun} for each map function, {@code map_doc} for each document; then {@code reset}, {@code reduce} and
 * {@code rereduce}. Lines are written the way CouchDB writes them (see {@link WireJson#write}).
 */
public final class SessionGenerator {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** The name of the library module full sessions add. */
    private static final String LIBRARY_MODULE = "m";

    private final FunctionRenderer renderer;
    private final FunctionRenderer reference;
    private final ProtocolShape shape;
    private final boolean loneSurrogates;

    /**
     * @param renderer writes functions in the target's language
     * @param reference writes the same functions for the reference query server (JavaScript)
     * @param loneSurrogates whether documents may hold lone surrogates, which CouchDB never sends (see
     *     {@link DocumentGenerator#document(Choices, boolean)})
     */
    public SessionGenerator(FunctionRenderer renderer, FunctionRenderer reference, ProtocolShape shape,
            boolean loneSurrogates) {
        this.renderer = renderer;
        this.reference = reference;
        this.shape = shape;
        this.loneSurrogates = loneSurrogates;
    }

    /** A generator whose target speaks the reference's language, with every kind of document. */
    public SessionGenerator(FunctionRenderer renderer, ProtocolShape shape) {
        this(renderer, renderer, shape, true);
    }

    /** A map session: reset, a few map functions, a few documents. */
    public Session mapSession(Choices choices) {
        Lines lines = new Lines();
        lines.add(shape.resetLine());
        addFunctions(choices, lines, Optional.empty());
        addDocuments(choices, lines);
        return lines.session();
    }

    /**
     * A whole indexer session: the map part (with a library where the target's language has CommonJS modules), then
     * a reduce and a rereduce.
     */
    public Session fullSession(Choices choices) {
        Lines lines = new Lines();
        lines.add(shape.resetLine());
        Optional<String> module = Optional.empty();
        if (choices.chance(50) && renderer.hasLibraries()) {
            // CouchDB sends the design document's views.lib object; functions require("views/lib/<name>").
            long value = choices.draw(100);
            lines.add(r -> WireJson.write(NODES.arrayNode().add("add_lib")
                    .add(NODES.objectNode().put(LIBRARY_MODULE, r.libraryModule(value)))));
            module = Optional.of(LIBRARY_MODULE);
        }
        addFunctions(choices, lines, module);
        addDocuments(choices, lines);
        lines.add(shape.resetLine());
        // CouchDB only sends reduce for a view with at least one reduce function.
        List<ReduceFunction> funs = new ArrayList<>();
        funs.add(ReduceFunction.generate(choices));
        funs.addAll(choices.list(2, 70, ReduceFunction::generate));
        ArrayNode rows = rows(choices);
        lines.add(r -> reduce(r, funs, rows));
        {
            ReduceFunction fun = funs.get((int) choices.draw(funs.size() - 1L));
            ArrayNode values = NODES.arrayNode();
            choices.list(6, 75, c -> values.add(smallValue(c)));
            lines.add(r -> rereduce(r, fun, values));
        }
        return lines.session();
    }

    /** {@code ["reduce", funs, kvs(, context)]}, functions in the target's language. */
    public String reduce(List<ReduceFunction> funs, ArrayNode kvs) {
        return reduce(renderer, funs, kvs);
    }

    /** {@code ["rereduce", [fun], values(, context)]}, the function in the target's language. */
    public String rereduce(ReduceFunction fun, ArrayNode values) {
        return rereduce(renderer, fun, values);
    }

    private String reduce(FunctionRenderer renderer, List<ReduceFunction> funs, ArrayNode kvs) {
        ArrayNode message = NODES.arrayNode().add("reduce");
        ArrayNode sources = message.addArray();
        funs.forEach(f -> sources.add(renderer.render(f)));
        message.add(kvs);
        if (shape.reduceContext()) {
            message.add(ProtocolShape.CONTEXT);
        }
        return WireJson.write(message);
    }

    /** {@code ["rereduce", [fun], values(, context)]}: CouchDB rereduces one function at a time. */
    private String rereduce(FunctionRenderer renderer, ReduceFunction fun, ArrayNode values) {
        ArrayNode message = NODES.arrayNode().add("rereduce");
        message.addArray().add(renderer.render(fun));
        message.add(values);
        if (shape.reduceContext()) {
            message.add(ProtocolShape.CONTEXT);
        }
        return WireJson.write(message);
    }

    /** Reduce rows {@code [[key, docid], value]} with small whole values, as a view's rows would be. */
    public static ArrayNode rows(Choices choices) {
        ArrayNode rows = NODES.arrayNode();
        choices.list(8, 80, c -> {
            ArrayNode row = NODES.arrayNode();
            row.addArray().add(c.pick(List.of("a", "b", "\u00e9", ""))).add("doc" + (rows.size() + 1));
            row.add(smallValue(c));
            return rows.add(row);
        });
        return rows;
    }

    private static JsonNode smallValue(Choices choices) {
        return NODES.numberNode(choices.draw(200) - 100);
    }

    private void addFunctions(Choices choices, Lines lines, Optional<String> module) {
        choices.list(3, 75, c -> {
            MapFunction function = MapFunction.generate(c, module);
            return lines.add(r -> WireJson.write(NODES.arrayNode().add("add_fun").add(r.render(function))));
        });
    }

    private void addDocuments(Choices choices, Lines lines) {
        choices.list(5, 80, c -> lines.add(WireJson.write(NODES.arrayNode().add("map_doc")
                .add(DocumentGenerator.document(c, loneSurrogates)))));
    }

    /** The lines of a session being generated, each written for the target and for the reference. */
    private final class Lines {
        private final List<String> target = new ArrayList<>();
        private final List<String> oracle = new ArrayList<>();

        boolean add(String line) {
            target.add(line);
            return oracle.add(line);
        }

        boolean add(Function<FunctionRenderer, String> line) {
            target.add(line.apply(renderer));
            return oracle.add(line.apply(reference));
        }

        Session session() {
            return new Session(target, oracle);
        }
    }
}
