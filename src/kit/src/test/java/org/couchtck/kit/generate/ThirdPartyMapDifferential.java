package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.wire.WireJson;
import org.couchtck.reference.queryserver.QueryServer;
import org.couchtck.reference.queryserver.QueryServerOptions;

/**
 * Runs map functions rendered by a {@link FunctionRenderer} on a real third-party view server from the shared folder
 * ({@code third-party/<folder>/run}) and their JavaScript rendering on the reference, and expects the same rows,
 * numbers compared as IEEE doubles ({@link NumberMode#IEEE_DOUBLE}, the mode of every language but JavaScript).
 * A server's known deviations that no rendering can help are taken out by normalising its replies and by documents
 * chosen to avoid them.
 */
final class ThirdPartyMapDifferential implements AutoCloseable {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JavaScriptRenderer JS = new JavaScriptRenderer();
    private static final Duration FIRST_REPLY = Duration.ofSeconds(60);
    private static final Duration REPLY = Duration.ofSeconds(20);

    private final FunctionRenderer renderer;
    private final UnaryOperator<String> text;
    private final UnaryOperator<JsonNode> normalise;
    private final StdioServer server;
    private final QueryServer reference = new QueryServer(QueryServerOptions.defaults());

    ThirdPartyMapDifferential(String folder, FunctionRenderer renderer, UnaryOperator<JsonNode> normalise)
            throws Exception {
        this(folder, renderer, UnaryOperator.identity(), normalise);
    }

    /**
     * @param text rewrites the text of a map_doc reply before it is read as JSON
     * @param normalise rewrites the map_doc reply before it is compared
     */
    ThirdPartyMapDifferential(String folder, FunctionRenderer renderer, UnaryOperator<String> text,
            UnaryOperator<JsonNode> normalise) throws Exception {
        this.renderer = renderer;
        this.text = text;
        this.normalise = normalise;
        Path launcher = sharedDir().resolve("third-party").resolve(folder).resolve("run");
        if (!Files.isExecutable(launcher)) {
            fail("no launcher at " + launcher.toAbsolutePath() + " (see third-party/README.md)");
        }
        StdioServerOptions defaults = StdioServerOptions.defaults();
        StdioServerOptions options = new StdioServerOptions(FIRST_REPLY, REPLY, defaults.maxLineBytes(), Map.of(),
                defaults.workingDirectory());
        server = new StdioServer(new ServerCommand(List.of(launcher.toAbsolutePath().toString())), options);
        server.start();
    }

    /** Adds {@code functions} after a reset, maps each document, and expects the reference's rows. */
    void assertSameMapResults(List<MapFunction> functions, List<String> docs) throws Exception {
        reference.handle("[\"reset\",{}]");
        assertThat(reply("[\"reset\",{}]")).isEqualTo("true");
        StringBuilder sources = new StringBuilder();
        for (MapFunction function : functions) {
            String source = renderer.render(function);
            sources.append(source).append('\n');
            assertThat(reference.handle(line("add_fun", JS.render(function))).reply()).contains("true");
            assertThat(reply(line("add_fun", source))).as(source).isEqualTo("true");
        }
        for (String doc : docs) {
            String mapDoc = "[\"map_doc\"," + doc + "]";

            String expected = reference.handle(mapDoc).reply().orElseThrow();
            JsonNode actual = normalise.apply(WireJson.parse(text.apply(reply(mapDoc))));

            assertThat(expected).as("the reference maps " + doc).startsWith("[");
            JsonNode want = WireJson.parse(expected);
            if (!NumberMode.IEEE_DOUBLE.equal(actual, want)) {
                fail(renderer.language() + " server maps " + doc + "\nto   " + WireJson.write(actual)
                        + "\nnot  " + expected + "\nwith\n" + sources);
            }
        }
    }

    /** {@link #assertSameMapResults(List, List)} with one function. */
    void assertSameMapResults(MapFunction function, String... docs) throws Exception {
        assertSameMapResults(List.of(function), List.of(docs));
    }

    /**
     * Generates {@code sessions} sessions of a few functions and documents from {@code seed} and compares each;
     * {@code sanitise} rewrites each generated document first. Returns the number of functions.
     */
    int assertSameForGenerated(long seed, int sessions, UnaryOperator<JsonNode> sanitise) throws Exception {
        Choices choices = Choices.random(seed);
        int count = 0;
        for (int s = 0; s < sessions; s++) {
            List<MapFunction> functions = new ArrayList<>();
            choices.list(4, 80, c -> functions.add(MapFunction.generate(c)));
            functions.add(MapFunction.generate(choices));
            List<String> docs = new ArrayList<>();
            choices.list(4, 80, c -> docs.add(WireJson.write(sanitise.apply(DocumentGenerator.document(c, false)))));
            docs.add(WireJson.write(sanitise.apply(DocumentGenerator.document(choices, false))));
            assertSameMapResults(functions, docs);
            count += functions.size();
        }
        return count;
    }

    private String reply(String line) {
        Exchange exchange = server.exchange(line, REPLY);
        assertThat(exchange.logs()).as("log lines of the server\n" + line + "\nstderr: " + server.stderrTail())
                .isEmpty();
        assertThat(exchange.outcome()).as(exchange.describe() + "; stderr: " + server.stderrTail())
                .isEqualTo(Exchange.Outcome.REPLY);
        return exchange.reply().orElseThrow();
    }

    static String line(String command, String argument) {
        ArrayNode array = NODES.arrayNode().add(command).add(argument);
        return WireJson.write(array);
    }

    /** {@code value} with each of its (nested) values rewritten by {@code leaf}, arrays and objects walked. */
    static JsonNode mapLeaves(JsonNode value, UnaryOperator<JsonNode> leaf) {
        if (value.isArray()) {
            ArrayNode out = NODES.arrayNode();
            value.forEach(item -> out.add(mapLeaves(item, leaf)));
            return leaf.apply(out);
        }
        if (value.isObject()) {
            ObjectNode out = NODES.objectNode();
            value.fields().forEachRemaining(member -> out.set(member.getKey(), mapLeaves(member.getValue(), leaf)));
            return leaf.apply(out);
        }
        return leaf.apply(value);
    }

    @Override
    public void close() {
        server.close();
        reference.close();
    }

    /** The shared folder, as the kit pom names it (see cases/SharedTranscripts). */
    static Path sharedDir() {
        String dir = System.getProperty("couchtck.shared.dir");
        if (dir == null || dir.isBlank()) {
            return fail("system property couchtck.shared.dir is not set: it must name the shared folder holding "
                    + "third-party/ (the kit pom sets it)");
        }
        return Path.of(dir);
    }
}
