package org.couchtck.kit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Step;
import org.couchtck.kit.cases.StepKind;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.target.Exchange;
import org.couchtck.kit.target.PipelineResult;
import org.couchtck.kit.target.ServerCommand;
import org.couchtck.kit.target.StdioServer;
import org.couchtck.kit.target.StdioServerOptions;
import org.couchtck.kit.target.TargetStartException;

/**
 * Measures how fast a query server maps documents: a fresh process per run gets a reset, one map function and
 * {@code docs} generated documents, lockstep or pipelined. Warm-up documents go first and are not timed.
 */
public final class Benchmark {

    /** The map function used when none is given: a condition, a compound key and a value. */
    public static final String DEFAULT_JAVASCRIPT_MAP =
            "function(doc) { if (doc.type === 'post' || doc.type === 'comment') "
                    + "{ emit([doc.type, doc.n], doc.title); } emit(doc._id, doc.tags.length); }";

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * @param docs timed documents per run
     * @param warmupDocs untimed documents sent first in every run
     * @param runs how many runs (fresh processes) per mode
     * @param seed seed of the generated documents
     * @param mapFunction the map function's source in the target's language
     * @param profile the target's language and CouchDB version (reset shape)
     * @param timeout per-message timeout
     */
    public record Options(int docs, int warmupDocs, int runs, long seed, String mapFunction, TargetProfile profile,
            Duration timeout) {}

    private final ServerCommand command;
    private final Options options;

    public Benchmark(ServerCommand command, Options options) {
        this.command = command;
        this.options = options;
    }

    /**
     * Runs every run of one mode.
     *
     * @throws TargetStartException when the server cannot be started
     * @throws BenchException when the server does not answer the set-up or a document
     */
    public BenchResult run(BenchMode mode) throws TargetStartException {
        List<String> warmup = BenchDocuments.mapDocLines(options.warmupDocs(), options.seed() ^ 0x5DEECE66DL);
        List<String> docs = BenchDocuments.mapDocLines(options.docs(), options.seed());
        List<Double> rates = new ArrayList<>();
        List<long[]> latencies = new ArrayList<>();
        int errors = 0;
        for (int run = 0; run < options.runs(); run++) {
            try (StdioServer server = new StdioServer(command, serverOptions())) {
                server.start();
                setUp(server);
                if (mode == BenchMode.LOCKSTEP) {
                    lockstep(server, warmup, new long[warmup.size()]);
                    long[] nanos = new long[docs.size()];
                    long started = System.nanoTime();
                    errors += lockstep(server, docs, nanos);
                    rates.add(docs.size() / seconds(System.nanoTime() - started));
                    latencies.add(nanos);
                } else {
                    pipelined(server, warmup);
                    long started = System.nanoTime();
                    errors += pipelined(server, docs);
                    rates.add(docs.size() / seconds(System.nanoTime() - started));
                }
            }
        }
        return new BenchResult(mode, rates, medianRunLatency(rates, latencies), errors);
    }

    private StdioServerOptions serverOptions() {
        StdioServerOptions defaults = StdioServerOptions.defaults();
        return new StdioServerOptions(options.timeout(), defaults.maxLineBytes(), defaults.environment(),
                defaults.workingDirectory());
    }

    private void setUp(StdioServer server) {
        StepRenderer renderer = new StepRenderer(options.profile());
        Step reset = new Step(0, StepKind.RESET, JsonNodeFactory.instance.objectNode(), Optional.empty(),
                Optional.empty(), Optional.empty(), OptionalLong.empty());
        expectTrue(server, renderer.line(reset).orElseThrow(), "reset");
        String addFun = JSON.createArrayNode().add("add_fun").add(options.mapFunction()).toString();
        expectTrue(server, addFun, "add_fun");
    }

    private void expectTrue(StdioServer server, String line, String what) {
        Exchange exchange = server.exchange(line, options.timeout());
        boolean ok = exchange.replyJson().map(JsonNode::asText).filter("true"::equals).isPresent()
                && exchange.replyJson().get().isBoolean();
        if (!ok) {
            throw new BenchException(what + " was not answered with true: "
                    + exchange.reply().orElse(exchange.describe()));
        }
    }

    private int lockstep(StdioServer server, List<String> lines, long[] nanos) {
        int errors = 0;
        for (int i = 0; i < lines.size(); i++) {
            long started = System.nanoTime();
            Exchange exchange = server.exchange(lines.get(i), options.timeout());
            nanos[i] = System.nanoTime() - started;
            if (exchange.outcome() != Exchange.Outcome.REPLY) {
                throw new BenchException("document " + i + ": " + exchange.describe());
            }
            if (!isMapResult(exchange.replyJson())) {
                errors++;
            }
        }
        return errors;
    }

    private int pipelined(StdioServer server, List<String> lines) {
        PipelineResult result = server.pipeline(lines, options.timeout());
        if (result.replies().size() != lines.size()) {
            throw new BenchException("pipelined: " + result.replies().size() + " replies to " + lines.size()
                    + " documents: " + result.describe());
        }
        int errors = 0;
        for (String reply : result.replies()) {
            if (!reply.startsWith("[[") && !reply.equals("[]")) {
                errors++;
            }
        }
        return errors;
    }

    private static boolean isMapResult(Optional<JsonNode> reply) {
        return reply.filter(JsonNode::isArray).filter(r -> r.size() == 0 || r.get(0).isArray()).isPresent();
    }

    private static LatencyStats medianRunLatency(List<Double> rates, List<long[]> latencies) {
        if (latencies.isEmpty()) {
            return LatencyStats.of(new long[0]);
        }
        List<Double> sorted = rates.stream().sorted().toList();
        double median = sorted.get(sorted.size() / 2);
        return LatencyStats.of(latencies.get(rates.indexOf(median)));
    }

    private static double seconds(long nanos) {
        return Math.max(nanos, 1) / 1e9;
    }

    /** The server did not take part in the benchmark as the protocol requires. */
    public static final class BenchException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BenchException(String message) {
            super(message);
        }
    }
}
