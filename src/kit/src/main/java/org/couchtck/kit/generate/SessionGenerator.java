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
    private final ReduceLines reduces;
    private final ReduceLines referenceReduces;
    private final ProtocolShape shape;
    private final boolean loneSurrogates;

    /**
     * @param renderer writes map functions in the target's language
     * @param reference writes the same map functions for the reference query server (JavaScript)
     * @param reduces reduce lines in the target's language
     * @param referenceReduces the same reduce lines for the reference (JavaScript)
     * @param loneSurrogates whether documents may hold lone surrogates, which CouchDB never sends (see
     *     {@link DocumentGenerator#document(Choices, boolean)})
     */
    public SessionGenerator(FunctionRenderer renderer, FunctionRenderer reference, ReduceLines reduces,
            ReduceLines referenceReduces, ProtocolShape shape, boolean loneSurrogates) {
        this.renderer = renderer;
        this.reference = reference;
        this.reduces = reduces;
        this.referenceReduces = referenceReduces;
        this.shape = shape;
        this.loneSurrogates = loneSurrogates;
    }

    /**
     * A generator for a target in {@code renderer}'s language, with the reference in JavaScript and the kit's own
     * packs.
     */
    public SessionGenerator(FunctionRenderer renderer, ProtocolShape shape, boolean loneSurrogates) {
        this(renderer, new JavaScriptRenderer(), ReduceLines.builtIn(renderer.language(), shape),
                ReduceLines.builtIn("javascript", shape), shape, loneSurrogates);
    }

    /** A generator whose target speaks JavaScript like the reference, with every kind of document. */
    public SessionGenerator(JavaScriptRenderer renderer, ProtocolShape shape) {
        this(renderer, shape, true);
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
        lines.addReduce(r -> r.reduce(funs, rows));
        ReduceFunction fun = funs.get((int) choices.draw(funs.size() - 1L));
        ArrayNode values = NODES.arrayNode();
        choices.list(6, 75, c -> values.add(smallValue(c)));
        lines.addReduce(r -> r.rereduce(fun, values));
        return lines.session();
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

    /** One to three map functions: CouchDB adds a view's map function before any map_doc, never none. */
    private void addFunctions(Choices choices, Lines lines, Optional<String> module) {
        addFunction(choices, lines, module);
        choices.list(2, 75, c -> addFunction(c, lines, module));
    }

    private boolean addFunction(Choices choices, Lines lines, Optional<String> module) {
        MapFunction function = MapFunction.generate(choices, module);
        return lines.add(r -> WireJson.write(NODES.arrayNode().add("add_fun").add(r.render(function))));
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

        boolean addReduce(Function<ReduceLines, String> line) {
            target.add(line.apply(reduces));
            return oracle.add(line.apply(referenceReduces));
        }

        Session session() {
            return new Session(target, oracle);
        }
    }
}
