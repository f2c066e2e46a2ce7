package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Replays CouchDB 3.5.2's recorded HTTP exchanges ({@code ../shared/couchdb-http}, sections {@code changes},
 * {@code db_updates}, {@code auth_errors}, {@code views} and {@code reduce}) against a fresh {@link ReferenceEndpoint}
 * per scenario and compares every exchange: status, headers, body, and for streams the chunks. Values that differ on every run (seqs, ETags
 * of feeds, start times, sizes, _users salts and revisions) are mapped or normalised as NONDETERMINISM.md says.
 * Differences must be exactly the documented {@link RecordedDeviations}: an undocumented difference fails, and so
 * does a documented one that no longer occurs. Most of a replay is the recorded feeds' own windows (heartbeats,
 * timeouts, client-closed streams, the 2 s waits for global_changes), so {@value #AT_ONCE} scenarios replay at once,
 * each against its own endpoint: about 25 s instead of a minute.
 */
class RecordedExchangesTest {

    private static final List<String> SECTIONS = List.of("changes", "db_updates", "auth_errors", "views", "reduce");
    /** Fewer compared exchanges than this means the replay lost scenarios on the way. */
    private static final int MIN_EXCHANGES_COMPARED = 385;

    private static final int AT_ONCE = 3;

    private static final ExecutorService REPLAYING = Executors.newFixedThreadPool(AT_ONCE, r -> {
        Thread t = new Thread(r, "replay-scenario");
        t.setDaemon(true);
        return t;
    });
    private static final ExecutorService CLOSING = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "replay-endpoint-close");
        t.setDaemon(true);
        return t;
    });
    private static final AtomicInteger SCENARIOS = new AtomicInteger();
    private static final AtomicInteger COMPARED = new AtomicInteger();
    private static final AtomicInteger MATCHING = new AtomicInteger();
    private static final Map<String, Integer> DEVIATIONS_BY_REASON = new TreeMap<>();

    @TestFactory
    @Timeout(300)
    Stream<DynamicTest> should_answer_like_couchdb_3_5_2_when_replaying_recorded_exchanges() throws IOException {
        Path recordings = recordingsDir();
        List<RecordedScenario> inScope = new ArrayList<>();
        for (String section : SECTIONS) {
            for (RecordedScenario scenario : RecordedScenario.readSection(recordings, section)) {
                if (!RecordedDeviations.SCENARIOS_NOT_REPLAYED.containsKey(scenario.id())) {
                    inScope.add(scenario);
                }
            }
        }
        assertThat(inScope).as("recorded scenarios in scope").hasSizeGreaterThan(45);
        List<String> ids = inScope.stream().map(RecordedScenario::id).toList();
        assertThat(RecordedDeviations.DEVIATIONS).as("deviations of scenarios that are replayed")
                .allSatisfy(d -> assertThat(ids).contains(d.scenario()));
        List<DynamicTest> tests = new ArrayList<>();
        for (RecordedScenario scenario : inScope) {
            Future<ScenarioReplay.Outcome> outcome = REPLAYING.submit(() -> ScenarioReplay.replay(scenario, CLOSING));
            tests.add(DynamicTest.dynamicTest(scenario.id(), () -> judge(scenario, outcome.get())));
        }
        tests.add(DynamicTest.dynamicTest("summary", () -> summary(recordings)));
        return tests.stream();
    }

    private static void judge(RecordedScenario scenario, ScenarioReplay.Outcome outcome) {
        Map<Integer, RecordedDeviations.Expected> expected = RecordedDeviations.expectedFor(scenario.id());
        SortedMap<Integer, String> differences = outcome.differences();
        SCENARIOS.incrementAndGet();
        COMPARED.addAndGet(outcome.compared());
        MATCHING.addAndGet(outcome.compared() - differences.size());
        synchronized (DEVIATIONS_BY_REASON) {
            differences.keySet().stream().filter(expected::containsKey)
                    .forEach(i -> DEVIATIONS_BY_REASON.merge(expected.get(i).reason(), 1, Integer::sum));
        }
        differences.forEach((i, d) -> System.out.printf("%s #%d%s %s%n", scenario.id(), i,
                expected.containsKey(i) ? " (listed)" : "", d));
        assertThat(differences.keySet())
                .as("exchanges of %s that differ from CouchDB 3.5.2: %s", scenario.id(), differences)
                .isEqualTo(expected.keySet());
        differences.forEach((i, d) -> assertThat(d)
                .as("listed deviation %s #%d (%s)", scenario.id(), i, expected.get(i).reason())
                .contains(expected.get(i).about()));
    }

    @AfterAll
    static void closeEndpoints() throws InterruptedException {
        REPLAYING.shutdownNow();
        assertThat(REPLAYING.awaitTermination(60, TimeUnit.SECONDS)).as("every replay ended").isTrue();
        CLOSING.shutdown();
        assertThat(CLOSING.awaitTermination(60, TimeUnit.SECONDS)).as("every endpoint closed").isTrue();
    }

    private static void summary(Path recordings) throws IOException {
        StringBuilder text = new StringBuilder();
        text.append(String.format("recorded HTTP exchanges: %d scenarios replayed, %d exchanges compared, %d match,"
                + " %d listed deviations%n", SCENARIOS.get(), COMPARED.get(), MATCHING.get(),
                DEVIATIONS_BY_REASON.values().stream().mapToInt(Integer::intValue).sum()));
        DEVIATIONS_BY_REASON.forEach((reason, n) -> text.append(String.format("  %3d x %s%n", n, reason)));
        text.append("not replayed:\n");
        RecordedDeviations.SCENARIOS_NOT_REPLAYED.forEach((id, why) -> text.append("  ").append(id).append(": ")
                .append(why).append('\n'));
        for (Map.Entry<String, String> section : new TreeMap<>(RecordedDeviations.SECTIONS_NOT_REPLAYED).entrySet()) {
            long count;
            try (Stream<Path> files = Files.list(recordings.resolve(section.getKey()))) {
                count = files.filter(p -> p.toString().endsWith(".json")).count();
            }
            text.append(String.format("  section %s (%d scenarios): %s%n", section.getKey(), count,
                    section.getValue()));
        }
        System.out.print(text);
        assertThat(COMPARED.get()).as("exchanges compared").isGreaterThanOrEqualTo(MIN_EXCHANGES_COMPARED);
    }

    private static Path recordingsDir() {
        String shared = System.getProperty("couchtck.shared.dir");
        assertThat(shared)
                .as("system property couchtck.shared.dir must point at the shared directory")
                .isNotBlank();
        Path dir = Path.of(shared, "couchdb-http");
        assertThat(dir).as("recorded CouchDB exchanges %s", dir).isDirectory();
        return dir;
    }
}
