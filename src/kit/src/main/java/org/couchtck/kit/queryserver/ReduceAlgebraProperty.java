package org.couchtck.kit.queryserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.generate.ProtocolShape;
import org.couchtck.kit.generate.ReduceFunction;
import org.couchtck.kit.generate.ReduceLines;
import org.couchtck.kit.generate.SessionGenerator;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;

/**
 * The algebra of user reduce functions: {@code reduce} answers {@code [true, results]} with one result per function,
 * in order, each the value the function's algebra predicts; and for each function, {@code rereduce} over the
 * reductions of the parts of an ordered partition of the rows equals the reduction of all rows.
 */
final class ReduceAlgebraProperty implements Property<ReduceAlgebraProperty.Example> {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /**
     * One example: functions, rows and where the rows are cut into parts.
     *
     * @param parts the rows, cut into non-empty consecutive parts
     */
    record Example(List<ReduceFunction> funs, List<ArrayNode> parts) {
        ArrayNode allRows() {
            ArrayNode all = NODES.arrayNode();
            parts.forEach(all::addAll);
            return all;
        }
    }

    private final SessionTarget target;
    private final ReduceLines reduces;
    private final ProtocolShape shape;
    private final NumberMode numbers;

    ReduceAlgebraProperty(SessionTarget target, ReduceLines reduces, ProtocolShape shape, NumberMode numbers) {
        this.target = target;
        this.reduces = reduces;
        this.shape = shape;
        this.numbers = numbers;
    }

    @Override
    public Example generate(Choices choices) {
        List<ReduceFunction> funs = new ArrayList<>();
        funs.add(ReduceFunction.generate(choices));
        funs.addAll(choices.list(3, 50, ReduceFunction::generate));
        ArrayNode rows = SessionGenerator.rows(choices);
        if (rows.isEmpty()) {
            rows.addArray().add(NODES.arrayNode().add("a").add("doc0")).add(0);
        }
        List<ArrayNode> parts = new ArrayList<>();
        ArrayNode part = NODES.arrayNode();
        for (int i = 0; i < rows.size(); i++) {
            part.add(rows.get(i));
            if (i < rows.size() - 1 && choices.chance(40)) {
                parts.add(part);
                part = NODES.arrayNode();
            }
        }
        parts.add(part);
        return new Example(funs, parts);
    }

    @Override
    public Optional<Counterexample> check(Example example, Transcript transcript) {
        StdioServer server = target.server(transcript);
        Exchanges exchanges = new Exchanges(server);
        Optional<Counterexample> problem = exchanges.send(shape.resetLine(), null);
        if (problem.isPresent()) {
            return problem;
        }
        ArrayNode all = example.allRows();
        Results whole = new Results();
        problem = exchanges.reduce(reduces.reduce(example.funs(), all), example.funs().size(), whole);
        if (problem.isPresent()) {
            return problem;
        }
        for (int f = 0; f < example.funs().size(); f++) {
            JsonNode predicted = predict(example.funs().get(f).algebra(), all);
            if (!numbers.equal(predicted, whole.values.get(f))) {
                return Optional.of(exchanges.fail("reduce result " + f + " is not the "
                        + example.funs().get(f).algebra().name().toLowerCase() + " of the values",
                        predicted.toString(), whole.values.get(f).toString()));
            }
        }
        List<List<JsonNode>> partResults = new ArrayList<>();
        for (ArrayNode part : example.parts()) {
            Results results = new Results();
            problem = exchanges.reduce(reduces.reduce(example.funs(), part), example.funs().size(), results);
            if (problem.isPresent()) {
                return problem;
            }
            partResults.add(results.values);
        }
        for (int f = 0; f < example.funs().size(); f++) {
            ArrayNode values = NODES.arrayNode();
            for (List<JsonNode> results : partResults) {
                values.add(results.get(f));
            }
            Results rereduced = new Results();
            problem = exchanges.reduce(reduces.rereduce(example.funs().get(f), values), 1, rereduced);
            if (problem.isPresent()) {
                return problem;
            }
            if (!numbers.equal(whole.values.get(f), rereduced.values.get(0))) {
                return Optional.of(exchanges.fail("rereduce of function " + f + " over " + example.parts().size()
                        + " partial reductions differs from its reduce of all rows",
                        whole.values.get(f).toString(), rereduced.values.get(0).toString()));
            }
        }
        return Optional.empty();
    }

    /** What the algebra says reducing {@code rows} gives. */
    static JsonNode predict(ReduceFunction.Algebra algebra, ArrayNode rows) {
        List<Long> values = new ArrayList<>();
        rows.forEach(row -> values.add(row.get(1).longValue()));
        return switch (algebra) {
            case SUM -> NODES.numberNode(values.stream().mapToLong(Long::longValue).sum());
            case COUNT -> NODES.numberNode(values.size());
            case MAX -> NODES.numberNode(values.stream().mapToLong(Long::longValue).max().orElseThrow());
            case CONCAT -> NODES.textNode(values.stream().map(String::valueOf).reduce("", String::concat));
        };
    }

    /** The values of one {@code [true, [...]]} reply. */
    private static final class Results {
        final List<JsonNode> values = new ArrayList<>();
    }

    /** The lines sent so far, and the checks every reply must pass. */
    private final class Exchanges {
        final StdioServer server;
        final List<String> sent = new ArrayList<>();

        Exchanges(StdioServer server) {
            this.server = server;
        }

        Optional<Counterexample> send(String line, Exchange[] out) {
            sent.add(line);
            Exchange exchange = server.exchange(line, target.timeout());
            if (out != null) {
                out[0] = exchange;
            }
            if (exchange.outcome() != Exchange.Outcome.REPLY) {
                return Optional.of(fail(exchange.describe(), "a reply", "(no reply)"));
            }
            if (exchange.exitCode().isPresent()) {
                return Optional.of(fail("the target exited after replying", "no exit", exchange.reply().get()));
            }
            return Optional.empty();
        }

        Optional<Counterexample> reduce(String line, int functions, Results into) {
            Exchange[] exchange = new Exchange[1];
            Optional<Counterexample> problem = send(line, exchange);
            if (problem.isPresent()) {
                return problem;
            }
            String reply = exchange[0].reply().orElseThrow();
            JsonNode node;
            try {
                node = WireJson.parse(reply);
            } catch (MalformedLineException e) {
                return Optional.of(fail("the reply is not JSON", "[true, [...]]", reply));
            }
            if (!node.isArray() || node.size() != 2 || !node.get(0).isBoolean() || !node.get(0).booleanValue()
                    || !node.get(1).isArray() || node.get(1).size() != functions) {
                return Optional.of(fail("expected [true, results] with one result per function (" + functions
                        + ")", "[true, [" + functions + " results]]", reply));
            }
            node.get(1).forEach(into.values::add);
            return Optional.empty();
        }

        Counterexample fail(String message, String expected, String actual) {
            return new Counterexample("line " + (sent.size() - 1) + ": " + message, expected, actual, sent,
                    sent.size() - 1);
        }
    }
}
