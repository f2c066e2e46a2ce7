package org.couchtck.kit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.PipelineResult;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * Measures how fast a query server handles a workload (map, show or filter): a fresh process per run gets a reset,
 * the workload's function and {@code docs} generated documents, lockstep or pipelined. Warm-up documents go first and
 * are not timed.
 */
public final class Benchmark {

    /**
     * @param workload what the server is asked to do
     * @param function the function's source in the target's language
     * @param docs timed documents per run
     * @param warmupDocs untimed documents sent first in every run
     * @param batch documents per request line where the workload batches them (filters)
     * @param runs how many runs (fresh processes) per mode
     * @param seed seed of the generated documents
     * @param profile the target's language and CouchDB version (reset shape)
     * @param timeout per-message timeout
     * @param startTimeout how long each new process may take for its first reply
     */
    public record Options(BenchWorkload workload, String function, int docs, int warmupDocs, int batch, int runs,
            long seed, TargetProfile profile, Duration timeout, Duration startTimeout) {

        /** Options with the default start-up grace for the server's first reply. */
        public Options(BenchWorkload workload, String function, int docs, int warmupDocs, int batch, int runs,
                long seed, TargetProfile profile, Duration timeout) {
            this(workload, function, docs, warmupDocs, batch, runs, seed, profile, timeout,
                    StdioServerOptions.DEFAULT_START_TIMEOUT);
        }
    }

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
     * @throws BenchException when the server does not answer the set-up or a request
     */
    public BenchResult run(BenchMode mode) throws TargetStartException {
        BenchWorkload workload = options.workload();
        List<String> warmup = workload.requests(
                BenchDocuments.documents(options.warmupDocs(), options.seed() ^ 0x5DEECE66DL), options.batch());
        List<String> requests = workload.requests(BenchDocuments.documents(options.docs(), options.seed()),
                options.batch());
        List<Double> rates = new ArrayList<>();
        List<long[]> latencies = new ArrayList<>();
        int errors = 0;
        for (int run = 0; run < options.runs(); run++) {
            try (StdioServer server = new StdioServer(command, serverOptions())) {
                server.start();
                setUp(server);
                if (mode == BenchMode.LOCKSTEP) {
                    lockstep(server, warmup, new long[warmup.size()]);
                    long[] nanos = new long[requests.size()];
                    long started = System.nanoTime();
                    List<String> replies = lockstep(server, requests, nanos);
                    rates.add(options.docs() / seconds(System.nanoTime() - started));
                    // Judged after the clock stops: parsing replies is the kit's work, not the server's.
                    errors += errorReplies(replies);
                    latencies.add(nanos);
                } else {
                    pipelined(server, warmup);
                    long started = System.nanoTime();
                    errors += pipelined(server, requests);
                    rates.add(options.docs() / seconds(System.nanoTime() - started));
                }
            }
        }
        return new BenchResult(mode, rates, medianRunLatency(rates, latencies), errors);
    }

    private StdioServerOptions serverOptions() {
        return StdioServerOptions.defaults().withDefaultTimeout(options.timeout())
                .withStartTimeout(options.startTimeout());
    }

    private void setUp(StdioServer server) {
        StepRenderer renderer = new StepRenderer(options.profile());
        expectTrue(server, renderer.resetLine(), "reset");
        for (String line : options.workload().setUp(options.function())) {
            expectTrue(server, line, line.substring(0, Math.min(40, line.length())) + "...");
        }
    }

    private void expectTrue(StdioServer server, String line, String what) {
        Exchange exchange = server.exchange(line, options.timeout());
        boolean ok = exchange.replyJson().filter(JsonNode::isBoolean).map(JsonNode::booleanValue).orElse(false);
        if (!ok) {
            throw new BenchException(what + " was not answered with true: "
                    + exchange.reply().orElse(exchange.describe()));
        }
    }

    private List<String> lockstep(StdioServer server, List<String> lines, long[] nanos) {
        List<String> replies = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            long started = System.nanoTime();
            Exchange exchange = server.exchange(lines.get(i), options.timeout());
            nanos[i] = System.nanoTime() - started;
            if (exchange.outcome() != Exchange.Outcome.REPLY) {
                throw new BenchException("request " + i + ": " + exchange.describe());
            }
            replies.add(exchange.reply().orElseThrow());
        }
        return replies;
    }

    private int errorReplies(List<String> replies) {
        int errors = 0;
        for (String reply : replies) {
            if (!parse(reply).map(options.workload()::answered).orElse(false)) {
                errors++;
            }
        }
        return errors;
    }

    private int pipelined(StdioServer server, List<String> lines) {
        PipelineResult result = server.pipeline(lines, options.timeout());
        if (result.replies().size() != lines.size()) {
            throw new BenchException("pipelined: " + result.replies().size() + " replies to " + lines.size()
                    + " requests: " + result.describe());
        }
        return errorReplies(result.replies());
    }

    private static Optional<JsonNode> parse(String line) {
        try {
            return Optional.of(WireJson.parse(line));
        } catch (MalformedLineException e) {
            return Optional.empty();
        }
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
