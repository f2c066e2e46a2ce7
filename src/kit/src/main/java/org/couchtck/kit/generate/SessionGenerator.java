package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.kit.wire.WireJson;

/**
 * Generates CouchDB-like sessions in the order CouchDB's indexer talks: {@code reset}, maybe {@code add_lib},
 * {@code add_fun} for each map function, {@code map_doc} for each document; then {@code reset}, {@code reduce} and
 * {@code rereduce}. Lines are written the way CouchDB writes them (see {@link WireJson#write}).
 */
public final class SessionGenerator {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final FunctionRenderer renderer;
    private final ProtocolShape shape;

    public SessionGenerator(FunctionRenderer renderer, ProtocolShape shape) {
        this.renderer = renderer;
        this.shape = shape;
    }

    /** A map session: reset, a few map functions, a few documents. */
    public Session mapSession(Choices choices) {
        List<String> lines = new ArrayList<>();
        lines.add(shape.resetLine());
        addFunctions(choices, lines);
        addDocuments(choices, lines);
        return new Session(lines);
    }

    /** A whole indexer session: the map part (with a library), then a reduce and a rereduce. */
    public Session fullSession(Choices choices) {
        List<String> lines = new ArrayList<>();
        lines.add(shape.resetLine());
        if (choices.chance(50)) {
            ObjectNode lib = NODES.objectNode();
            lib.putObject("lib").put("m", renderer.libraryModule(choices.draw(100)));
            lines.add(WireJson.write(NODES.arrayNode().add("add_lib").add(lib)));
        }
        addFunctions(choices, lines);
        addDocuments(choices, lines);
        lines.add(shape.resetLine());
        List<ReduceFunction> funs = new ArrayList<>();
        while (choices.more(funs.size(), 3, 70)) {
            funs.add(ReduceFunction.generate(choices));
        }
        lines.add(reduce(funs, rows(choices)));
        if (!funs.isEmpty()) {
            ReduceFunction fun = funs.get((int) choices.draw(funs.size() - 1L));
            ArrayNode values = NODES.arrayNode();
            while (choices.more(values.size(), 6, 75)) {
                values.add(smallValue(choices));
            }
            lines.add(rereduce(fun, values));
        }
        return new Session(lines);
    }

    /** {@code ["reduce", funs, kvs(, context)]}. */
    public String reduce(List<ReduceFunction> funs, ArrayNode kvs) {
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
    public String rereduce(ReduceFunction fun, ArrayNode values) {
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
        while (choices.more(rows.size(), 8, 80)) {
            ArrayNode row = rows.addArray();
            row.addArray().add(choices.pick(List.of("a", "b", "\u00e9", ""))).add("doc" + rows.size());
            row.add(smallValue(choices));
        }
        return rows;
    }

    private static JsonNode smallValue(Choices choices) {
        return NODES.numberNode(choices.draw(200) - 100);
    }

    private void addFunctions(Choices choices, List<String> lines) {
        int functions = 0;
        while (choices.more(functions, 3, 75)) {
            String source = renderer.render(MapFunction.generate(choices));
            lines.add(WireJson.write(NODES.arrayNode().add("add_fun").add(source)));
            functions++;
        }
    }

    private static void addDocuments(Choices choices, List<String> lines) {
        int documents = 0;
        while (choices.more(documents, 5, 80)) {
            lines.add(WireJson.write(NODES.arrayNode().add("map_doc").add(DocumentGenerator.document(choices))));
            documents++;
        }
    }
}
