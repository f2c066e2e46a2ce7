package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The HTTP corpus is faithful to CouchDB: every built-in HTTP case that names a {@code recording} runs through the real
 * {@link HttpCaseExecutor} against a {@link RecordedEndpoint} that answers each request with the response CouchDB 3.5.2
 * gave to the matching recorded exchange, and must PASS. (The query-server analogue is
 * {@code org.couchtck.kit.cases.CorpusAcceptsCouchjsTest}.)
 *
 * <p>A case whose requests cannot all be matched to its recording fails, naming the step, the request and the nearest
 * recorded exchange: a case names a recording only when its steps follow it. A case that follows its recording but
 * does not pass expects something CouchDB did not do.
 *
 * <p>The replay compresses time (see {@link ReplayConnection}): recorded delays are dropped, chunks keep their order
 * and wait only for the case's writes that the recording made before them, and a stream CouchDB kept open ends, for
 * the kit, as soon as its recorded chunks are delivered, as if the case's bound had passed then. The executor still
 * sleeps for each {@code during} step's {@code after}, so the cases run side by side. A polling step goes by a virtual
 * clock ({@link VirtualPollTimer}): its waits cost nothing, and each attempt takes the next of the recorder's own polls.
 */
class HttpCorpusAcceptsCouchDbTest {

    private static final String RUN_ID = "replay";
    /** Bounds each case's run: well above the longest {@code during} schedule, well below a hang. */
    private static final long CASE_SECONDS = 60;
    private static final int PARALLEL = 16;
    private static final int TRANSCRIPT_TAIL = 30;

    private static final Map<String, RecordedScenario> SCENARIOS = new ConcurrentHashMap<>();
    private static final Map<String, Outcome> OUTCOMES = new ConcurrentHashMap<>();
    private static final List<String> ORDER = new ArrayList<>();

    /** What one case came to against its recording. */
    private record Outcome(HttpCase testCase, CaseResult result, RecordedEndpoint endpoint) {

        boolean followed() {
            return endpoint.mismatches().isEmpty();
        }
    }

    @TestFactory
    Stream<DynamicTest> should_pass_every_case_against_the_recorded_couchdb_exchanges_it_names() {
        List<HttpCase> cases = HttpCorpus.builtIn().cases().stream().filter(c -> c.recording().isPresent()).toList();
        assertThat(cases).as("built-in HTTP cases naming a recording").isNotEmpty();
        for (HttpCase c : cases) {
            assertThat(RecordedScenario.file(recordingsOf(c.recording().get()), c.recording().get()))
                    .as("%s names recording %s", c.id(), c.recording().get()).isRegularFile();
        }
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL, task -> {
            Thread thread = new Thread(task, "couchtck-replay");
            thread.setDaemon(true);
            return thread;
        });
        List<Future<Outcome>> runs = new ArrayList<>();
        synchronized (ORDER) {
            ORDER.clear();
            cases.forEach(c -> ORDER.add(c.id()));
        }
        cases.forEach(c -> runs.add(pool.submit(() -> replay(c, recordingsOf(c.recording().get())))));
        pool.shutdown();
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Future<Outcome> run = runs.get(i);
            tests.add(DynamicTest.dynamicTest(cases.get(i).id(), () -> check(run.get(CASE_SECONDS,
                    TimeUnit.SECONDS))));
        }
        return tests.stream();
    }

    private static Outcome replay(HttpCase c, Path recordings) {
        Outcome outcome = run(c, recordings);
        OUTCOMES.put(c.id(), outcome);
        return outcome;
    }

    /** Runs {@code c} through the executor against its recording. */
    private static Outcome run(HttpCase c, Path recordings) {
        RecordedScenario scenario = SCENARIOS.computeIfAbsent(c.recording().get(),
                id -> RecordedScenario.load(recordings, id));
        // A new executor per case: it numbers its cases from 1, so the case's database names are known in advance.
        RecordedEndpoint endpoint = new RecordedEndpoint(c, scenario, RUN_ID, 1);
        // CouchDB is what the exact profile asks for byte for byte: every case applies, every $rev is its own id.
        HttpRunSettings settings = HttpRunSettings.of(RUN_ID)
                .withProfile(new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of())
                        .withConformance(Conformance.EXACT));
        CaseResult result = new HttpCaseExecutor(endpoint, settings, new VirtualPollTimer()).run(c);
        return new Outcome(c, result, endpoint);
    }

    // The replay itself: it fails what CouchDB did not do, refuses what the recording never saw, and keeps a feed's
    // order, its bound and who ended it, without the recorded delays.

    @Test
    void should_fail_a_case_that_expects_what_the_recording_did_not_answer() {
        Outcome outcome = run(HttpFixtures.httpCase("""
                {"id": "http.t.wrong-rev", "level": "MUST", "description": "d", "recording": "changes.since_0",
                 "databases": [], "names": ["db"],
                 "steps": [{"request": {"method": "PUT", "path": "/{{db}}?q=1"}, "expect": {"status": 201}},
                           {"request": {"method": "PUT", "path": "/{{db}}/a", "body": {"n": 1}},
                            "expect": {"status": 201, "body": {"ok": true, "id": "a", "rev": "1-0"}}}]}
                """), recordingsDir());

        assertThat(outcome.endpoint().mismatches()).isEmpty();
        assertThat(outcome.result().verdict()).isEqualTo(Verdict.FAIL);
        assertThat(outcome.result().message()).startsWith("step 1 (PUT /{{db}}/a): body");
    }

    @Test
    void should_name_the_step_and_the_nearest_exchange_for_a_request_the_recording_never_saw() {
        Outcome outcome = run(HttpFixtures.httpCase("""
                {"id": "http.t.unrecorded", "level": "MUST", "description": "d", "recording": "changes.since_0",
                 "databases": [], "names": ["db"],
                 "steps": [{"request": {"method": "PUT", "path": "/{{db}}?q=1"}, "expect": {"status": 201}},
                           {"request": {"method": "PUT", "path": "/{{db}}/a", "body": {"n": 2}}}]}
                """), recordingsDir());

        assertThat(outcome.endpoint().mismatches()).singleElement().asString()
                .startsWith("step 1 (PUT /{{db}}/a): no recorded main exchange of changes.since_0 after #0 matches")
                .contains("nearest recorded exchange #1 PUT /rec-changes-since_0-db/a",
                        "body {\"n\":1} recorded, {\"n\":2} sent");
        assertThat(outcome.result().verdict()).isEqualTo(Verdict.FAIL);
        // The executor's own DELETE still answers as the recording's teardown.
        assertThat(outcome.endpoint().synthesized()).isEmpty();
    }

    @Test
    void should_end_an_open_feed_at_once_with_the_chunks_couchdb_sent_within_the_cases_bound() {
        Outcome outcome = run(HttpFixtures.httpCase("""
                {"id": "http.t.heartbeats", "level": "MUST", "description": "d", "recording": "changes.continuous_heartbeat",
                 "databases": [], "names": ["db"],
                 "steps": [{"request": {"method": "PUT", "path": "/{{db}}?q=1"}},
                           {"request": {"method": "PUT", "path": "/{{db}}/a", "body": {"n": 1}}},
                           {"request": {"method": "PUT", "path": "/{{db}}/b", "body": {"n": 2}}},
                           {"request": {"method": "PUT", "path": "/{{db}}/c", "body": {"n": 3}}},
                           {"feed": {"kind": "continuous",
                                     "path": "/{{db}}/_changes?feed=continuous&since=now&heartbeat=500"},
                            "until": {"within": 1200},
                            "expect": {"status": 200, "events": [], "heartbeats": 3, "ended": "client"}}]}
                """), recordingsDir());

        assertThat(outcome.endpoint().mismatches()).isEmpty();
        assertThat(outcome.result().verdict()).as(outcome.result().message()).isEqualTo(Verdict.PASS);
        assertThat(outcome.result().duration()).isLessThan(Duration.ofMillis(1000));
    }

    @Test
    void should_answer_each_attempt_of_a_polling_step_with_the_recorders_next_poll() {
        // given
        String poll = """
                {"id": "http.t.poll", "level": "MUST", "description": "d", "recording": "autoindex.bulk_write",
                 "steps": [{"request": {"method": "PUT", "path": "/{{db}}/_design/d",
                                        "body": {"views": {"v": {"map": "function(doc) { if (doc.n !== undefined) { emit(doc.n, null); } }"}}}}},
                           {"request": {"path": "/{{db}}/_design/d/_info"},
                            "expect": {"body": {"name": "d", "view_index": {"$any": true}}}},
                           {"request": {"path": "/{{db}}/_design/d/_info"},
                            "expect": {"status": 200, "body": {"name": "d", "view_index": {"updates_pending": {"$any": true},
                              "waiting_commit": true, "waiting_clients": 0, "updater_running": false, "update_seq": 201,
                              "sizes": {"$any": true}, "signature": {"$any": true}, "purge_seq": 0,
                              "language": "javascript", "compact_running": false, "collator_versions": {"$any": true}}}},
                            "poll": {"every": 500, "within": %d}}]}
                """;

        // when
        Outcome held = run(HttpFixtures.httpCase(poll.formatted(120000)), recordingsDir());
        Outcome missed = run(HttpFixtures.httpCase(poll.replace("\"update_seq\": 201", "\"update_seq\": 7")
                .formatted(1500)), recordingsDir());

        // then
        assertThat(held.endpoint().mismatches()).isEmpty();
        assertThat(held.result().verdict()).as(held.result().message()).isEqualTo(Verdict.PASS);
        assertThat(held.endpoint().replayed()).filteredOn(r -> r.startsWith("step 2 ")).hasSizeGreaterThan(100);
        assertThat(missed.endpoint().mismatches()).isEmpty();
        assertThat(missed.result().verdict()).isEqualTo(Verdict.FAIL);
        assertThat(missed.result().message()).contains("not as expected after 4 attempts in 1500 ms");
        assertThat(missed.result().duration()).isLessThan(Duration.ofMillis(1000));
    }

    @Test
    void should_hold_back_what_a_write_caused_until_the_case_sends_that_write() {
        String feed = """
                {"id": "http.t.writes", "level": "MUST", "description": "d", "recording": "changes.continuous_writes",
                 "databases": [], "names": ["db"],
                 "steps": [{"request": {"method": "PUT", "path": "/{{db}}?q=1"}},
                           {"request": {"method": "PUT", "path": "/{{db}}/a", "body": {"n": 1}}},
                           {"request": {"method": "PUT", "path": "/{{db}}/b", "body": {"n": 2}}},
                           {"request": {"method": "PUT", "path": "/{{db}}/c", "body": {"n": 3}}},
                           {"feed": {"kind": "continuous",
                                     "path": "/{{db}}/_changes?feed=continuous&since=now&heartbeat=500"},
                            %s
                            "until": {"within": 5000},
                            "expect": {"status": 200, "events": %s, "ended": "client"}}]}
                """;
        Outcome none = run(HttpFixtures.httpCase(feed.formatted("", "[]")), recordingsDir());
        Outcome one = run(HttpFixtures.httpCase(feed.formatted("""
                "during": [{"after": 50, "request": {"method": "PUT", "path": "/{{db}}/live", "body": {"v": 1}}}],
                """, "[{\"id\": \"live\", \"seq\": {\"$seq\": true}, \"changes\": [{\"rev\": "
                + "\"1-7a7e4b29f3af401e69b6f86e4c26b727\"}]}]")), recordingsDir());

        assertThat(none.endpoint().mismatches()).isEmpty();
        assertThat(none.result().verdict()).as(none.result().message()).isEqualTo(Verdict.PASS);
        assertThat(one.endpoint().mismatches()).isEmpty();
        assertThat(one.result().verdict()).as(one.result().message()).isEqualTo(Verdict.PASS);
    }

    private static void check(Outcome outcome) {
        HttpCase c = outcome.testCase();
        CaseResult result = outcome.result();
        String recording = c.recording().get();
        if (!outcome.followed()) {
            fail(c.id() + " does not follow its recording " + recording + ":\n  "
                    + String.join("\n  ", outcome.endpoint().mismatches()) + "\n(the case came to "
                    + result.verdict() + (result.message().isEmpty() ? "" : ": " + result.message()) + ")");
        }
        if (result.verdict() == Verdict.NA) {
            Assumptions.abort(c.id() + " does not apply to CouchDB " + CouchDbVersion.LATEST + ": "
                    + result.message());
        }
        if (result.verdict() != Verdict.PASS) {
            fail(c.id() + " expects what CouchDB did not do: against recording " + recording + " it is "
                    + result.verdict() + ": " + result.message()
                    + (result.expected().isEmpty() ? "" : "\n  expected: " + result.expected())
                    + (result.actual().isEmpty() ? "" : "\n  actual:   " + result.actual())
                    + "\n  replayed: " + String.join(", ", outcome.endpoint().replayed())
                    + "\n  transcript (end):\n" + tail(result.transcript()));
        }
    }

    private static String tail(List<TranscriptEntry> transcript) {
        return transcript.subList(Math.max(0, transcript.size() - TRANSCRIPT_TAIL), transcript.size()).stream()
                .map(e -> "    " + e.direction() + " " + e.text().replace("\n", "\\n"))
                .collect(Collectors.joining("\n"));
    }

    @AfterAll
    static void summary() {
        List<Outcome> outcomes;
        synchronized (ORDER) {
            outcomes = ORDER.stream().map(OUTCOMES::get).filter(o -> o != null).toList();
        }
        if (outcomes.isEmpty()) {
            return;
        }
        List<Outcome> followed = outcomes.stream().filter(Outcome::followed).toList();
        List<Outcome> passed = followed.stream().filter(o -> o.result().verdict() == Verdict.PASS).toList();
        StringBuilder text = new StringBuilder();
        text.append(String.format("HTTP corpus against the recorded CouchDB %s exchanges: %d cases with a recording,"
                + " %d replayed (every request matched a recorded exchange), %d passed%n", CouchDbVersion.LATEST,
                outcomes.size(), followed.size(), passed.size()));
        section(text, "answers the recording has no exchange for (made up by the replay)", outcomes,
                o -> o.endpoint().synthesized());
        section(text, "matches that overlooked a difference", outcomes, o -> o.endpoint().tolerated());
        List<Outcome> unfollowed = outcomes.stream().filter(o -> !o.followed()).toList();
        text.append(String.format("cases that do not follow their recordings: %d%n", unfollowed.size()));
        unfollowed.forEach(o -> text.append("  ").append(o.testCase().id()).append(" [")
                .append(o.testCase().recording().get()).append("]: ").append(o.endpoint().mismatches().get(0))
                .append('\n'));
        List<Outcome> failing = followed.stream().filter(o -> o.result().verdict() != Verdict.PASS).toList();
        text.append(String.format("cases that follow their recordings but do not pass: %d%n", failing.size()));
        failing.forEach(o -> text.append("  ").append(o.testCase().id()).append(" [")
                .append(o.testCase().recording().get()).append("]: ").append(o.result().verdict()).append(": ")
                .append(o.result().message()).append('\n'));
        System.out.print(text);
    }

    private static void section(StringBuilder text, String title, List<Outcome> outcomes,
            Function<Outcome, List<String>> lines) {
        long count = outcomes.stream().mapToLong(o -> lines.apply(o).size()).sum();
        text.append(String.format("%s: %d%n", title, count));
        for (Outcome o : outcomes) {
            lines.apply(o).forEach(line -> text.append("  ").append(o.testCase().id()).append(": ").append(line)
                    .append('\n'));
        }
    }

    /**
     * Where recording {@code id} is: {@code shared/couchdb-http}, or the kit's own recordings of CouchDB 3.5.2
     * ({@code couchdb-recordings} on the test classpath, made by {@link CaseRecorder}) for the {@code <section>-own}
     * scenarios.
     */
    private static Path recordingsOf(String id) {
        if (!id.substring(0, id.indexOf('.')).endsWith("-own")) {
            return recordingsDir();
        }
        try {
            return Path.of(HttpCorpusAcceptsCouchDbTest.class.getResource("/couchdb-recordings").toURI());
        } catch (java.net.URISyntaxException | NullPointerException e) {
            return fail("no couchdb-recordings folder on the test classpath: " + e);
        }
    }

    private static Path recordingsDir() {
        String shared = System.getProperty("couchtck.shared.dir");
        if (shared == null || shared.isBlank()) {
            return fail("system property couchtck.shared.dir is not set: it must name the shared folder holding "
                    + "couchdb-http/ (the kit pom sets it)");
        }
        Path dir = Path.of(shared, "couchdb-http");
        if (!Files.isDirectory(dir)) {
            return fail("no recorded CouchDB exchanges at " + dir.toAbsolutePath());
        }
        return dir;
    }
}
