package org.couchtck.kit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Write throughput of a CouchDB-compatible endpoint and how soon its continuous feed delivers each write: W writer
 * threads PUT new documents into a fresh database while one continuous {@code _changes} reader records when each
 * document's row arrives. Latency runs from the write's request to its row on the feed.
 */
public final class EndpointBenchmark {

    /** What to run. */
    public record Options(int docs, int warmup, int runs, long seed, Duration timeout) {}

    /** One writer count's result over all runs. */
    public record Result(int writers, List<Double> docsPerSecond, LatencyStats delivery, int failedWrites) {

        public double medianDocsPerSecond() {
            double[] sorted = docsPerSecond.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int mid = sorted.length / 2;
            return sorted.length == 0 ? 0 : sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        }

        /** One line for the terminal. */
        public String describe() {
            String runs = java.util.Arrays.toString(docsPerSecond.stream().mapToLong(Math::round).toArray());
            String line = String.format("%d writer%s  median %,8.0f docs/s  runs %s  feed delivery p50 %.1f ms  p99 %.1f ms"
                    + "  max %.1f ms", writers, writers == 1 ? " " : "s", medianDocsPerSecond(), runs,
                    delivery.p50Micros() / 1000.0, delivery.p99Micros() / 1000.0, delivery.maxMicros() / 1000.0);
            return failedWrites > 0 ? line + "  (" + failedWrites + " failed writes)" : line;
        }
    }

    /** The endpoint misbehaved so that nothing meaningful was measured. */
    public static final class BenchException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BenchException(String message) {
            super(message);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final String authorization;
    private final Options options;

    public EndpointBenchmark(URI base, String authorization, Options options) {
        this.base = base;
        this.authorization = authorization;
        this.options = options;
    }

    /** Runs {@code writers} concurrent writers {@code runs} times; the latency percentiles pool every run's writes. */
    public Result run(int writers) {
        List<Double> rates = new ArrayList<>();
        List<Long> latencies = new ArrayList<>();
        int failed = 0;
        ExecutorService pool = Executors.newFixedThreadPool(writers + 1, task -> {
            Thread t = new Thread(task, "couchtck-bench-endpoint");
            t.setDaemon(true);
            return t;
        });
        // The client's own threads, not the writers': a writer blocked in send() must not starve the client.
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(options.timeout()).build();
        try {
            for (int run = 0; run < options.runs(); run++) {
                RunOutcome outcome = runOnce(http, pool, writers, run);
                rates.add(outcome.docsPerSecond);
                latencies.addAll(outcome.latencies);
                failed += outcome.failed;
            }
        } finally {
            pool.shutdownNow();
        }
        long[] nanos = latencies.stream().mapToLong(Long::longValue).toArray();
        return new Result(writers, rates, LatencyStats.of(nanos), failed);
    }

    private record RunOutcome(double docsPerSecond, List<Long> latencies, int failed) {}

    private RunOutcome runOnce(HttpClient http, ExecutorService pool, int writers, int run) {
        String db = "/couchtck-bench-" + Long.toHexString(new Random(options.seed() + run).nextLong() & 0xffffffL)
                + "-" + run;
        bench(http).send("PUT", db, null, 201, 202);
        Map<String, Long> sentAt = new ConcurrentHashMap<>();
        Map<String, Long> arrivedAt = new ConcurrentHashMap<>();
        CountDownLatch feedOpen = new CountDownLatch(1);
        int total = options.warmup() + options.docs();
        Future<?> reader = pool.submit(() -> readFeed(http, db, total, arrivedAt, feedOpen));
        try {
            if (!feedOpen.await(options.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new BenchException("the continuous feed of " + db + " did not open within " + options.timeout());
            }
            AtomicInteger failed = new AtomicInteger();
            write(http, pool, db, "warm", options.warmup(), writers, sentAt, failed);
            long start = System.nanoTime();
            write(http, pool, db, "doc", options.docs(), writers, sentAt, failed);
            long elapsed = System.nanoTime() - start;
            reader.get(options.timeout().toMillis() * 4, TimeUnit.MILLISECONDS);
            List<Long> latencies = new ArrayList<>();
            sentAt.forEach((id, sent) -> {
                Long arrived = arrivedAt.get(id);
                if (arrived != null && id.startsWith("doc")) {
                    latencies.add(Math.max(0, arrived - sent));
                }
            });
            return new RunOutcome(options.docs() / (elapsed / 1e9), latencies, failed.get());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new BenchException("the continuous feed did not deliver all " + total + " writes within "
                    + options.timeout().multipliedBy(4) + " (it delivered " + arrivedAt.size() + ")");
        } catch (java.util.concurrent.ExecutionException e) {
            throw new BenchException("the continuous feed failed: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("interrupted");
        } finally {
            reader.cancel(true);
            bench(http).send("DELETE", db, null, 200, 202, 404);
        }
    }

    private void write(HttpClient http, ExecutorService pool, String db, String prefix, int count, int writers,
            Map<String, Long> sentAt, AtomicInteger failed) throws InterruptedException {
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            futures.add(pool.submit(() -> {
                for (int i = writer; i < count; i += writers) {
                    String id = prefix + "-" + i;
                    sentAt.put(id, System.nanoTime());
                    try {
                        bench(http).send("PUT", db + "/" + id, "{\"n\":" + i + ",\"writer\":" + writer + "}", 201,
                                202);
                    } catch (BenchException e) {
                        failed.incrementAndGet();
                        sentAt.remove(id);
                    }
                }
            }));
        }
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new BenchException("a writer failed: " + e.getCause());
            }
        }
    }

    private Void readFeed(HttpClient http, String db, int total, Map<String, Long> arrivedAt, CountDownLatch open)
            throws IOException, InterruptedException {
        HttpRequest request = bench(http).request(db + "/_changes?feed=continuous&since=now&heartbeat=1000").GET()
                .build();
        HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            open.countDown();
            String line;
            while (arrivedAt.size() < total && (line = lines.readLine()) != null) {
                if (line.isEmpty()) {
                    continue;
                }
                JsonNode row = JSON.readTree(line);
                if (row.has("id")) {
                    arrivedAt.putIfAbsent(row.get("id").asText(), System.nanoTime());
                }
            }
        }
        return null;
    }

    private BenchHttp bench(HttpClient http) {
        return new BenchHttp(http, base, authorization, options.timeout());
    }
}
