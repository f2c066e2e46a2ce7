package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.wire.WireJson;
import org.couchtck.reference.queryserver.QueryServer;
import org.couchtck.reference.queryserver.QueryServerOptions;

/**
 * A real view server of the shared folder's third-party/ (started through its {@code run} launcher, as CouchDB would
 * start it) beside the reference: map functions rendered by a {@link FunctionRenderer} must map documents as the
 * JavaScript rendering of the same tree maps them in the reference, numbers compared as IEEE doubles (the languages'
 * number mode, see {@link NumberMode#forLanguage}).
 */
final class RealServerMaps implements AutoCloseable {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JavaScriptRenderer JS = new JavaScriptRenderer();
    private static final Duration REPLY = Duration.ofSeconds(20);

    private final FunctionRenderer renderer;
    private final StdioServer server;
    private final QueryServer reference = new QueryServer(QueryServerOptions.defaults());
    /** reset as the latest CouchDB sends it (eoc-server warns about a config without reduce_limit and timeout). */
    private final String resetLine;

    /** Log messages the server writes of its own accord, not for an error of a function. */
    private final Predicate<String> ownLogs;

    /** Starts third-party/{@code folder}/run for functions {@code renderer} writes; any log line fails. */
    RealServerMaps(String folder, FunctionRenderer renderer) throws Exception {
        this(folder, renderer, message -> false);
    }

    /**
     * Starts third-party/{@code folder}/run for functions {@code renderer} writes; a log line fails unless
     * {@code ownLogs} says the server writes it of its own accord.
     */
    RealServerMaps(String folder, FunctionRenderer renderer, Predicate<String> ownLogs) throws Exception {
        this.renderer = renderer;
        this.ownLogs = ownLogs;
        this.resetLine = new StepRenderer(new TargetProfile(renderer.language(), CouchDbVersion.LATEST, Set.of()))
                .resetLine();
        Path launcher = sharedDir().resolve("third-party").resolve(folder).resolve("run");
        if (!Files.isExecutable(launcher)) {
            fail("no launcher of " + folder + " at " + launcher.toAbsolutePath());
        }
        StdioServerOptions defaults = StdioServerOptions.defaults();
        this.server = new StdioServer(new ServerCommand(List.of(launcher.toAbsolutePath().toString())),
                new StdioServerOptions(REPLY, REPLY, defaults.maxLineBytes(), defaults.environment(),
                        defaults.workingDirectory()));
        server.start();
    }

    static String line(String command, JsonNode argument) {
        return WireJson.write(NODES.arrayNode().add(command).add(argument));
    }

    /**
     * Resets both, adds {@code function} to both and maps each document: the replies must be the same JSON value.
     * Returns the rows the reference gives for the documents, for callers that check the tree did something.
     */
    List<String> assertSameMaps(MapFunction function, List<String> docs) throws Exception {
        String source = renderer.render(function);
        reference.handle(resetLine);
        assertThat(reply(resetLine)).isEqualTo("true");
        assertThat(reference.handle(line("add_fun", NODES.textNode(JS.render(function)))).reply()).contains("true");
        assertThat(reply(line("add_fun", NODES.textNode(source)))).as(source).isEqualTo("true");
        List<String> rows = new ArrayList<>();
        for (String doc : docs) {
            String mapDoc = "[\"map_doc\"," + doc + "]";
            String expected = reference.handle(mapDoc).reply().orElseThrow();
            String actual = reply(mapDoc);
            assertThat(expected).as("the reference maps " + doc).startsWith("[[");
            JsonNode expectedJson = WireJson.parse(expected);
            JsonNode actualJson = WireJson.parse(actual);
            if (!NumberMode.IEEE_DOUBLE.equal(expectedJson, actualJson)) {
                fail("the " + renderer.language() + " server maps " + abbreviate(doc) + "\nto     " + abbreviate(actual)
                        + "\nnot    " + abbreviate(expected) + "\nwith\n" + source + "\n(JavaScript: "
                        + JS.render(function) + ")");
            }
            rows.add(expected);
        }
        return rows;
    }

    /**
     * Generated map functions, each on a few generated documents (as CouchDB sends them: no lone surrogates) that
     * {@code accepted} lets through, from {@code seed}, until {@code count} functions or {@code budget} has passed.
     * Returns how many functions, documents and emitted rows (by the reference's count) there were.
     */
    Ran assertSameMapsForGenerated(long seed, int count, Duration budget, Predicate<JsonNode> accepted)
            throws Exception {
        Instant deadline = Instant.now().plus(budget);
        int functions = 0;
        int mapped = 0;
        int rows = 0;
        for (int i = 0; i < count && Instant.now().isBefore(deadline); i++) {
            Choices choices = Choices.random(seed * 1_000_003L + i);
            MapFunction function = MapFunction.generate(choices);
            List<String> docs = new ArrayList<>();
            for (ObjectNode doc : choices.list(4, 80, c -> DocumentGenerator.document(c, false))) {
                // Read back from the wire, so that numbers kept as raw text are numbers to the filter.
                String line = WireJson.write(doc);
                if (accepted.test(WireJson.parse(line))) {
                    docs.add(line);
                }
            }
            for (String reply : assertSameMaps(function, docs)) {
                for (JsonNode perFunction : WireJson.parse(reply)) {
                    rows += perFunction.size();
                }
            }
            functions++;
            mapped += docs.size();
        }
        return new Ran(functions, mapped, rows);
    }

    /** What {@link #assertSameMapsForGenerated} compared. */
    record Ran(int functions, int docs, int rows) {}

    /** How deep {@code value} nests arrays and objects (a scalar is 0 deep). */
    static int depth(JsonNode value) {
        int deepest = 0;
        for (JsonNode child : value) {
            deepest = Math.max(deepest, depth(child));
        }
        return value.isContainerNode() ? deepest + 1 : 0;
    }

    private String reply(String line) {
        Exchange exchange = server.exchange(line, REPLY);
        assertThat(exchange.outcome()).as(abbreviate(line) + ": " + exchange.describe() + "; stderr: "
                + server.stderrTail()).isEqualTo(Exchange.Outcome.REPLY);
        assertThat(exchange.logs().stream().filter(ownLogs.negate()).toList()).as("log lines of the " + renderer.language() + " server (an error?)\n"
                + abbreviate(line)).isEmpty();
        return exchange.reply().orElseThrow();
    }

    private static String abbreviate(String text) {
        return text.length() <= 2000 ? text : text.substring(0, 2000) + "... (" + text.length() + " chars)";
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
