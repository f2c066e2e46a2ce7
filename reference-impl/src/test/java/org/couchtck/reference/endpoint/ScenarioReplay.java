package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Replays one recorded scenario against a fresh reference endpoint and compares every exchange.
 *
 * <p>Main-thread requests go in order, none before its recorded {@code t_ms} (the recordings wait on purpose, e.g. 2 s
 * for global_changes to flush). A writer-thread request is scheduled when the main request it follows in the
 * recording is sent, at its recorded offset from it (which is its offset from the scenario start when the replay keeps
 * the recorded pace, and keeps it inside the open feed's window when the replay runs late); a main request waits for
 * the writer requests recorded before it.
 */
final class ScenarioReplay {

    /** What a replay gave: how many exchanges were compared, and the differences by exchange index. */
    record Outcome(int compared, SortedMap<Integer, String> differences) {}

    private static final long WRITER_WAIT_SECONDS = 30;

    private final RecordedScenario scenario;
    private final ValueMapping mapping = new ValueMapping();
    private final OwnEvents ownEvents;
    private final SortedMap<Integer, String> differences = Collections.synchronizedSortedMap(new TreeMap<>());
    private final AtomicInteger compared = new AtomicInteger();

    private ScenarioReplay(RecordedScenario scenario) {
        this.scenario = scenario;
        this.ownEvents = OwnEvents.of(scenario);
    }

    /**
     * @param closing where the scenario's endpoint is closed once the scenario is over (closing waits about a second
     *     for the JDK client's idle keep-alive connections, which the next scenario need not wait for)
     */
    static Outcome replay(RecordedScenario scenario, Executor closing) throws InterruptedException {
        return new ScenarioReplay(scenario).run(closing);
    }

    private Outcome run(Executor closing) throws InterruptedException {
        ReferenceEndpoint endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
        ScheduledExecutorService writerThreads = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "replay-writer-" + scenario.id());
            t.setDaemon(true);
            return t;
        });
        try {
            ExchangeSender sender = new ExchangeSender(endpoint.uri(), endpoint.admin(), scenario::passwordOf);
            ResponseComparison comparison = new ResponseComparison(endpoint.uri(), ownEvents);
            if (readsDbUpdates()) {
                // The system databases' creation reaches /_db_updates at the first global_changes flush, ~0.5 s after
                // the start; a scenario that begins earlier would see those events as if they were its own time's.
                sender.adminGet("/_db_updates?feed=longpoll&since=0&timeout=2000");
            }
            Map<Integer, Future<?>> writers = new LinkedHashMap<>();
            long start = System.nanoTime();
            List<RecordedScenario.Exchange> exchanges = scenario.exchanges();
            for (RecordedScenario.Exchange e : exchanges) {
                if (e.isWriter()) {
                    continue;
                }
                awaitWriters(writers);
                sleepUntil(start, e.tMs());
                for (int j = e.index() + 1; j < exchanges.size() && exchanges.get(j).isWriter(); j++) {
                    RecordedScenario.Exchange w = exchanges.get(j);
                    writers.put(w.index(), writerThreads.schedule(() -> exchange(w, sender, comparison),
                            Math.max(0, w.tMs() - e.tMs()), TimeUnit.MILLISECONDS));
                }
                exchange(e, sender, comparison);
            }
            awaitWriters(writers);
        } finally {
            writerThreads.shutdownNow();
            writerThreads.awaitTermination(5, TimeUnit.SECONDS);
            closing.execute(endpoint::close);
        }
        return new Outcome(compared.get(), new TreeMap<>(differences));
    }

    /** Whether a /_db_updates feed of the scenario answered 200 (its events are compared). */
    private boolean readsDbUpdates() {
        return scenario.exchanges().stream().anyMatch(e -> ResponseComparison.isDbUpdates(e)
                && Integer.valueOf(200).equals(e.status()));
    }

    private void awaitWriters(Map<Integer, Future<?>> writers) throws InterruptedException {
        for (Map.Entry<Integer, Future<?>> w : writers.entrySet()) {
            try {
                w.getValue().get(WRITER_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                differences.put(w.getKey(), "writer request did not complete: " + e);
            }
        }
        writers.clear();
    }

    private static void sleepUntil(long startNanos, long offsetMs) throws InterruptedException {
        long left = startNanos + offsetMs * 1_000_000L - System.nanoTime();
        if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }

    private void exchange(RecordedScenario.Exchange e, ExchangeSender sender, ResponseComparison comparison) {
        List<String> problems = new ArrayList<>();
        try {
            List<String> unmapped = mapping.unmappedSeqs(e.path());
            e.requestHeaders().values().forEach(v -> unmapped.addAll(mapping.unmappedSeqs(v)));
            if (!unmapped.isEmpty()) {
                problems.add("the request reuses recorded seqs no earlier answer mapped: " + unmapped);
            }
            Map<String, String> headers = new LinkedHashMap<>();
            e.requestHeaders().forEach((name, value) -> headers.put(name, mapping.substitute(value)));
            ActualResponse actual = sender.send(e, mapping.substitute(e.path()), headers);
            problems.addAll(learn(e, actual));
            problems.addAll(comparison.compare(e, actual));
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            problems.add("interrupted");
        } catch (Exception ex) {
            problems.add("could not replay: " + ex);
        }
        compared.incrementAndGet();
        if (!problems.isEmpty()) {
            differences.put(e.index(), e.label() + ": " + String.join("; ", problems));
        }
    }

    /** Maps the recorded seqs (and _users revisions) of this answer to the reference's. */
    private List<String> learn(RecordedScenario.Exchange e, ActualResponse actual) {
        if (e.status() == null || actual.status() == null) {
            return List.of();
        }
        boolean dbUpdates = ResponseComparison.isDbUpdates(e);
        if (e.isStream() && !e.bodyKind().equals("json")) {
            String recorded = e.chunks().stream().map(StreamChunk::data).reduce("", String::concat);
            return mapping.learnLines(recorded, actual.body(),
                    node -> !dbUpdates || !OwnEvents.isEvent(node) || ownEvents.isOwn(node));
        }
        if (!e.bodyKind().equals("json")) {
            return List.of();
        }
        Optional<JsonNode> parsed = ResponseComparison.parse(actual.body());
        if (parsed.isEmpty()) {
            return List.of();
        }
        JsonNode recorded = dbUpdates ? ownEvents.withOwnResults(e.body()) : e.body();
        JsonNode got = dbUpdates ? ownEvents.withOwnResults(parsed.get()) : parsed.get();
        return mapping.learn(recorded, got, e.path().startsWith("/_users/"));
    }
}
