package org.couchtck.kit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * How long an endpoint's background indexer (CouchDB's ken) takes to build a view of N documents that nobody queries:
 * the documents are written first (untimed, in bulk), then a JavaScript design document; the time runs from the design
 * document's acknowledgement until {@code update=false} shows every row, polled every {@link #POLL_MILLIS} ms. This is
 * CouchDB's recorded autoindex.ddoc_after_docs scenario at a larger size.
 */
public final class AutoindexBenchmark {

    /** How often the view is looked at while the index builds: the resolution of the measurement. */
    static final long POLL_MILLIS = 20;
    private static final int BULK = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What to run: documents per run, runs, the seed of the database names, and the longest a build may take. */
    public record Options(int docs, int runs, long seed, Duration timeout, Duration buildBound) {}

    /** The build times of every run. */
    public record Result(int docs, List<Double> seconds) {

        public double medianSeconds() {
            double[] sorted = seconds.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int mid = sorted.length / 2;
            return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        }

        /** One line for the terminal. */
        public String describe() {
            List<String> runs = seconds.stream().map(s -> String.format("%.2f", s)).toList();
            return String.format("%,d docs indexed in the background: median %.2f s (%,.0f docs/s)  runs %s s", docs,
                    medianSeconds(), docs / medianSeconds(), runs);
        }
    }

    private final URI base;
    private final String authorization;
    private final Options options;

    public AutoindexBenchmark(URI base, String authorization, Options options) {
        this.base = base;
        this.authorization = authorization;
        this.options = options;
    }

    /** Runs the measurement {@code runs} times, each in a fresh database. */
    public Result run() {
        List<Double> seconds = new ArrayList<>();
        HttpClient client = HttpClient.newBuilder().connectTimeout(options.timeout()).build();
        BenchHttp http = new BenchHttp(client, base, authorization, options.timeout());
        for (int run = 0; run < options.runs(); run++) {
            seconds.add(runOnce(http, run));
        }
        return new Result(options.docs(), seconds);
    }

    private double runOnce(BenchHttp http, int run) {
        String db = "/couchtck-bench-ken-" + Long.toHexString(new Random(options.seed() + run).nextLong() & 0xffffffL)
                + "-" + run;
        http.send("PUT", db, null, 201, 202);
        try {
            for (int from = 0; from < options.docs(); from += BULK) {
                StringBuilder docs = new StringBuilder("{\"docs\":[");
                for (int i = from; i < Math.min(options.docs(), from + BULK); i++) {
                    docs.append(i == from ? "" : ",").append("{\"_id\":\"doc-").append(i).append("\",\"n\":")
                            .append(i).append('}');
                }
                http.send("POST", db + "/_bulk_docs", docs.append("]}").toString(), 201, 202);
            }
            http.send("PUT", db + "/_design/bench",
                    "{\"views\":{\"v\":{\"map\":\"function(doc) { emit(doc.n, null); }\"}}}", 201, 202);
            long start = System.nanoTime();
            long deadline = start + options.buildBound().toNanos();
            while (true) {
                JsonNode view = JSON.readTree(http.send("GET", db + "/_design/bench/_view/v?update=false&limit=0",
                        null, 200));
                if (view.path("total_rows").asLong(-1) >= options.docs()) {
                    return (System.nanoTime() - start) / 1e9;
                }
                if (System.nanoTime() > deadline) {
                    throw new EndpointBenchmark.BenchException("the index of " + db + " held "
                            + view.path("total_rows").asLong(-1) + " of " + options.docs() + " rows after "
                            + options.buildBound() + " without a query");
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new EndpointBenchmark.BenchException("the view answered something that is not JSON: "
                    + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EndpointBenchmark.BenchException("interrupted");
        } finally {
            http.send("DELETE", db, null, 200, 202, 404);
        }
    }
}
