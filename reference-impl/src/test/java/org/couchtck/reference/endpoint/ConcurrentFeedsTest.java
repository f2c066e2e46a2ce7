package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Writers and continuous readers at once: every acknowledged write shows up (or is superseded by a later write of the
 * same document that shows up), no reader sees a seq twice or out of order, and resuming from any seq a reader saw
 * misses nothing.
 */
@Timeout(120)
class ConcurrentFeedsTest {

    private static final int WRITERS = 6;
    private static final int READERS = 3;
    private static final int WRITES_PER_WRITER = 60;

    private static ReferenceEndpoint endpoint;
    private static TestClient admin;

    @BeforeAll
    static void start() {
        endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
        admin = TestClient.admin(endpoint);
    }

    @AfterAll
    static void stop() {
        endpoint.close();
    }

    @Test
    void should_lose_skip_or_repeat_nothing_when_writers_and_readers_run_together() throws Exception {
        admin.put("/busy", null);
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS + READERS);
        try {
            List<Future<List<JsonNode>>> readers = new ArrayList<>();
            for (int r = 0; r < READERS; r++) {
                readers.add(pool.submit(() -> read("/busy/_changes?feed=continuous&since=0&timeout=3000")));
            }
            Map<String, String> latest = new ConcurrentHashMap<>();
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                long seed = w;
                writers.add(pool.submit(() -> write(new Random(seed), "w" + seed + "-", latest)));
            }
            for (Future<?> writer : writers) {
                writer.get(60, TimeUnit.SECONDS);
            }
            for (Future<List<JsonNode>> reader : readers) {
                List<JsonNode> rows = reader.get(60, TimeUnit.SECONDS);
                assertStrictlyIncreasing(rows);
                assertThat(lastRevs(rows)).as("final revision of every document").isEqualTo(latest);
                assertResumable(rows);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static Void write(Random random, String prefix, Map<String, String> latest) {
        Map<String, String> mine = new HashMap<>();
        for (int i = 0; i < WRITES_PER_WRITER; i++) {
            String id = prefix + random.nextInt(10);
            String rev = mine.get(id);
            TestClient.Reply reply;
            if (rev != null && random.nextInt(4) == 0) {
                reply = admin.delete("/busy/" + id + "?rev=" + rev);
            } else {
                String body = rev == null ? "{\"i\":" + i + "}" : "{\"_rev\":\"" + rev + "\",\"i\":" + i + "}";
                reply = admin.put("/busy/" + id, body);
            }
            assertThat(reply.status()).as("write %s", id).isIn(200, 201);
            mine.put(id, reply.body().get("rev").asText());
            latest.put(id, reply.body().get("rev").asText());
        }
        return null;
    }

    private static List<JsonNode> read(String path) throws Exception {
        List<JsonNode> rows = new ArrayList<>();
        try (BufferedReader feed = admin.stream(path, "application/json")) {
            String line;
            while ((line = feed.readLine()) != null) {
                if (!line.isEmpty()) {
                    JsonNode row = TestClient.JSON.readTree(line);
                    if (row.has("id")) {
                        rows.add(row);
                    }
                }
            }
        }
        return rows;
    }

    private static void assertStrictlyIncreasing(List<JsonNode> rows) {
        long previous = 0;
        for (JsonNode row : rows) {
            long seq = prefix(row.get("seq").asText());
            assertThat(seq).as("seq after %d", previous).isGreaterThan(previous);
            previous = seq;
        }
    }

    private static Map<String, String> lastRevs(List<JsonNode> rows) {
        Map<String, String> revs = new HashMap<>();
        rows.forEach(r -> revs.put(r.get("id").asText(), r.at("/changes/0/rev").asText()));
        return revs;
    }

    /** A normal feed from any seq the continuous feed issued gives exactly the documents changed after it. */
    private static void assertResumable(List<JsonNode> rows) {
        for (int i = 0; i < rows.size(); i += Math.max(1, rows.size() / 7)) {
            String since = rows.get(i).get("seq").asText();
            Map<String, String> expected = lastRevs(rows.subList(i + 1, rows.size()));
            Map<String, String> expectedLatest = new HashMap<>();
            Map<String, String> all = lastRevs(rows);
            expected.keySet().forEach(id -> expectedLatest.put(id, all.get(id)));
            JsonNode resumed = admin.get("/busy/_changes?since=" + since).body();
            Map<String, String> actual = new HashMap<>();
            resumed.get("results").forEach(r -> actual.put(r.get("id").asText(), r.at("/changes/0/rev").asText()));
            assertThat(actual).as("resumed from %s", since).isEqualTo(expectedLatest);
        }
    }

    private static long prefix(String seq) {
        return Long.parseLong(seq.substring(0, seq.indexOf('-')));
    }
}
