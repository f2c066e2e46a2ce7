package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A stand-in for CouchDB that answers a case's requests with the responses a real CouchDB 3.5.2 gave in one recorded
 * scenario ({@code shared/couchdb-http}), for running the case through the real {@link HttpCaseExecutor}.
 *
 * <p>Each request is matched to a recorded exchange ({@link ExchangeFinder}): the replay walks the scenario in order
 * with one cursor per recorded thread. A request sent while a feed step's connection is open is one of its
 * {@code during} requests and matches the recording's {@code writer} exchanges after that feed's exchange; any other
 * request matches its {@code main} exchanges. Each attempt of a polling step matches the next recorded exchange of the
 * same request (the recorder's own polls, with whatever it polled in between skipped), so a poll that holds where the
 * recorder's polling saw it hold follows the recording. Recorded exchanges the case does not send are skipped (setup or teardown
 * the case does its own way, exchanges that belong to other cases), but the replay never goes back. Database names are
 * paired as they are first met ({@link DatabaseNames}). A request that matches nothing gets no response (the executor
 * reports "no reply" for its step) and is listed in {@link #mismatches()}.
 *
 * <p>The executor's own scaffolding: its PUT creating one of the case's databases answers as the recording's
 * {@code setup:} PUT of a database (sent with {@code ?q=N}); its DELETEs after the case answer as the recording's
 * {@code teardown:} DELETE of that database. When the recording has none, the answer is made up (201 {"ok":true},
 * or 200 {"ok":true} / 404 for a delete, by whether the database was created) and listed in {@link #synthesized()};
 * so is its look for a user the case made, after the steps (404: the case deleted it).
 *
 * <p>Responses come back as {@link ReplayConnection} delivers them: at once, in recorded order, each chunk only once
 * the case has made the writes the recording made before it.
 */
final class RecordedEndpoint implements EndpointTarget {

    /** The recordings' admin. */
    static final Credentials ADMIN = new Credentials("admin", "admin");
    /** Where the recorded server was: what its Location headers name. */
    private static final URI BASE = URI.create("http://127.0.0.1:5984");
    /** A bare database path, as the recorder created databases. */
    private static final Pattern DATABASE_PATH = Pattern.compile("/[^/?]+(\\?q=\\d+)?");

    private final RecordedScenario scenario;
    private final List<CaseRequests.Slot> slots;
    /** Logical name to the executor's database name, for every database the case binds. */
    private final Map<String, String> databases;
    private final DatabaseNames names;
    private final Object lock = new Object();

    private int slot;
    private int mainCursor;
    private int writerCursor;
    private int requests;
    private boolean broken;
    private ReplayConnection openFeed;
    private RecordedExchange openFeedExchange;
    private int duringExpected;
    private int duringSent;
    /** The slot of the last request and what it sent: a polling step's next attempt sends the same again. */
    private CaseRequests.Slot lastSlot;
    private SentRequest lastSent;
    private final Set<Integer> used = new HashSet<>();
    private final Set<String> existing = new HashSet<>();
    private final List<String> replayed = new ArrayList<>();
    private final List<String> synthesized = new ArrayList<>();
    private final List<String> tolerated = new ArrayList<>();
    private final List<String> mismatches = new ArrayList<>();
    /** The executor's look for a user of the case after its steps (to delete what is left of it). */
    private final Set<String> userLookups = new HashSet<>();

    /**
     * @param testCase the case to answer
     * @param scenario the recording that backs it
     * @param runId the executor's run id
     * @param caseNumber which case of its executor this is (1 for a new executor): part of the database names
     */
    RecordedEndpoint(HttpCase testCase, RecordedScenario scenario, String runId, int caseNumber) {
        this.scenario = scenario;
        this.slots = CaseRequests.of(testCase);
        CaseDatabases bound = new CaseDatabases(testCase, runId, caseNumber);
        this.databases = new LinkedHashMap<>(bound.bound());
        bound.users().values().forEach(user -> userLookups.add("/_users/"
                + Template.percentEncoded("org.couchdb.user:" + user)));
        this.names = new DatabaseNames(databases);
    }

    @Override
    public URI baseUri() {
        return BASE;
    }

    @Override
    public Optional<Credentials> adminCredentials() {
        return Optional.of(ADMIN);
    }

    @Override
    public FeedConnection open(HttpCall call) {
        return connect(call, true);
    }

    @Override
    public HttpReply send(HttpCall call, Predicate<ResponseHead> wrong) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(call.timeout());
        try (FeedConnection connection = connect(call, false)) {
            return WholeReply.read(connection, deadline, call.timeout(), wrong);
        }
    }

    /** Each request that matched nothing: the step, the request and the nearest recorded exchange. */
    List<String> mismatches() {
        synchronized (lock) {
            return List.copyOf(mismatches);
        }
    }

    /** Each answer the recording had no exchange for (the executor's own database PUTs and DELETEs only). */
    List<String> synthesized() {
        synchronized (lock) {
            return List.copyOf(synthesized);
        }
    }

    /** Each match that overlooked a difference, and which. */
    List<String> tolerated() {
        synchronized (lock) {
            return List.copyOf(tolerated);
        }
    }

    /** Each request answered from the recording: who sent it and which exchange answered. */
    List<String> replayed() {
        synchronized (lock) {
            return List.copyOf(replayed);
        }
    }

    private FeedConnection connect(HttpCall call, boolean feed) {
        synchronized (lock) {
            requests++;
            SentRequest sent = SentRequest.of(call, ADMIN);
            boolean writer = openFeed != null && !openFeed.closed();
            Optional<String> cleanup = cleanup(sent);
            CaseRequests.Slot current = null;
            if (cleanup.isEmpty()) {
                boolean again = lastSlot != null && lastSlot.poll() && sent.equals(lastSent);
                current = again ? lastSlot : slot < slots.size() ? slots.get(slot++) : null;
                lastSlot = current;
                lastSent = sent;
            }
            String label = cleanup.isPresent() ? "the executor deleting the case's database " + cleanup.get()
                    : current == null ? "a request after the last step" : current.label();
            if (writer) {
                duringSent++;
                lock.notifyAll();
            }
            if (cleanup.isPresent()) {
                return delete(sent, call, label);
            }
            if (current == null && sent.method().equals("GET") && userLookups.contains(sent.path())) {
                synthesized.add("the executor looking for a user of the case after its steps: the recording has no "
                        + "such look; answered 404 (the case deleted the user)");
                return connection(synthetic(404, "{\"error\":\"not_found\",\"reason\":\"deleted\"}\n"), null,
                        call, false);
            }
            if (current != null && current.kind() == CaseRequests.Kind.CREATE) {
                return create(sent, call, label);
            }
            String thread = writer ? "writer" : "main";
            List<RecordedExchange> candidates = new ArrayList<>();
            List<RecordedExchange> passed = new ArrayList<>();
            int from = writer ? Math.max(writerCursor, openFeedExchange.index() + 1) : mainCursor;
            for (RecordedExchange e : scenario.exchanges()) {
                if (e.thread().equals(thread) && !used.contains(e.index())) {
                    (e.index() >= from ? candidates : passed).add(e);
                }
            }
            Optional<ExchangeFinder.Found> found = ExchangeFinder.first(sent, candidates, names);
            if (found.isEmpty()) {
                broken = true;
                String why = "no recorded " + thread + " exchange of " + scenario.id() + " after "
                        + (from == 0 ? "the start" : "#" + (from - 1)) + " matches " + sent.shown() + " (sent as "
                        + sent.auth() + "); " + ExchangeFinder.nearest(sent, candidates, passed, names);
                mismatches.add(label + ": " + why);
                return ReplayConnection.failing("replay: " + why, lock);
            }
            RecordedExchange exchange = found.get().exchange();
            names.learn(found.get().learnt());
            used.add(exchange.index());
            if (writer) {
                writerCursor = exchange.index() + 1;
            } else {
                mainCursor = exchange.index() + 1;
            }
            found.get().tolerated().ifPresent(t -> tolerated.add(label + " as " + exchange.shown() + ": " + t));
            replayed.add(label + " -> #" + exchange.index());
            track(sent, exchange.response().status());
            ReplayConnection connection = connection(exchange.response(), exchange, call, feed);
            if (feed) {
                openFeed = connection;
                openFeedExchange = exchange;
                duringExpected = current != null && current.kind() == CaseRequests.Kind.FEED ? current.during() : 0;
                duringSent = 0;
            }
            return connection;
        }
    }

    /** The executor creating a database: the recording's setup PUT of a database, else a made-up 201. */
    private FeedConnection create(SentRequest sent, HttpCall call, String label) {
        List<RecordedExchange> candidates = scenario.exchanges().stream()
                .filter(e -> e.index() >= mainCursor && !used.contains(e.index()) && !e.writer() && e.setup()
                        && e.method().equals("PUT") && DATABASE_PATH.matcher(e.path()).matches())
                .toList();
        Optional<ExchangeFinder.Found> found = ExchangeFinder.first(sent, candidates, names);
        if (found.isPresent()) {
            RecordedExchange exchange = found.get().exchange();
            names.learn(found.get().learnt());
            used.add(exchange.index());
            mainCursor = exchange.index() + 1;
            replayed.add(label + " -> #" + exchange.index());
            track(sent, exchange.response().status());
            return connection(exchange.response(), exchange, call, false);
        }
        synthesized.add(label + ": the recording creates no such database in its setup; answered 201 {\"ok\":true}");
        track(sent, OptionalInt.of(201));
        return connection(synthetic(201, "{\"ok\":true}\n"), null, call, false);
    }

    /** The executor deleting a database after the case: the recording's teardown DELETE, else a made-up answer. */
    private FeedConnection delete(SentRequest sent, HttpCall call, String label) {
        String name = sent.path().substring(1);
        Optional<String> recorded = names.recorded(name);
        if (recorded.isPresent()) {
            List<RecordedExchange> candidates = scenario.exchanges().stream()
                    .filter(e -> e.index() >= mainCursor && !used.contains(e.index()) && !e.writer() && e.teardown()
                            && e.method().equals("DELETE") && e.path().equals("/" + recorded.get()))
                    .toList();
            Optional<ExchangeFinder.Found> found = ExchangeFinder.first(sent, candidates, names);
            if (found.isPresent() && existing.contains(name)) {
                RecordedExchange exchange = found.get().exchange();
                used.add(exchange.index());
                replayed.add(label + " -> #" + exchange.index());
                track(sent, exchange.response().status());
                return connection(exchange.response(), exchange, call, false);
            }
        }
        boolean exists = existing.contains(name);
        String why = recorded.isEmpty() ? "the case never used it against the recording"
                : exists ? "the recording does not delete it in its teardown" : "it no longer exists";
        synthesized.add(label + ": " + why + "; answered " + (exists ? "200 {\"ok\":true}" : "404 not_found"));
        track(sent, OptionalInt.of(exists ? 200 : 404));
        return connection(exists ? synthetic(200, "{\"ok\":true}\n")
                : synthetic(404, "{\"error\":\"not_found\",\"reason\":\"Database does not exist.\"}\n"), null, call,
                false);
    }

    /**
     * The logical name of the database a request deletes when it is the executor's cleanup: a bare DELETE of one of
     * the case's databases that is not the request the case's next step sends (or comes after a request that matched
     * nothing, which ends the case).
     */
    private Optional<String> cleanup(SentRequest sent) {
        if (!sent.method().equals("DELETE") || sent.body().isPresent()) {
            return Optional.empty();
        }
        for (Map.Entry<String, String> database : databases.entrySet()) {
            if (sent.path().equals("/" + database.getValue())) {
                boolean stepSendsIt = !broken && slot < slots.size()
                        && slots.get(slot).kind() != CaseRequests.Kind.CREATE
                        && slots.get(slot).request().method().equals("DELETE")
                        && slots.get(slot).request().path().equals("/{{" + database.getKey() + "}}");
                return stepSendsIt ? Optional.empty() : Optional.of(database.getKey());
            }
        }
        return Optional.empty();
    }

    /** Keeps track of which of the case's databases exist, for made-up answers to the executor's DELETEs. */
    private void track(SentRequest sent, OptionalInt status) {
        String path = sent.path().replaceFirst("\\?.*", "");
        if (status.isEmpty() || path.length() < 2 || path.indexOf('/', 1) >= 0 || !names.bound(path.substring(1))) {
            return;
        }
        int code = status.getAsInt();
        if (sent.method().equals("PUT") && (code == 201 || code == 202)) {
            existing.add(path.substring(1));
        } else if (sent.method().equals("DELETE") && (code == 200 || code == 202)) {
            existing.remove(path.substring(1));
        }
    }

    private ReplayConnection connection(RecordedResponse response, RecordedExchange exchange, HttpCall call,
            boolean feed) {
        ReplayConnection[] self = new ReplayConnection[1];
        ReplayConnection.Gatekeeper gate = exchange == null ? t -> ReplayConnection.Gate.OPEN
                : t -> gate(exchange, t, feed && openFeed == self[0]);
        self[0] = new ReplayConnection(response, exchange == null ? 0 : exchange.tMs(), call.timeout(),
                String.format("%010x", requests), names::toExecutor, lock, gate, () -> closed(self[0]));
        return self[0];
    }

    /**
     * Whether a chunk the recording got at {@code tMs} on {@code exchange}'s response may come: every write the
     * recording's writer thread sent after that request and before the chunk must have been sent by the case (or
     * passed over by a later one it sent). Called holding the lock.
     */
    private ReplayConnection.Gate gate(RecordedExchange exchange, long tMs, boolean openFeedStillOpen) {
        int latestWrite = -1;
        for (RecordedExchange e : scenario.exchanges()) {
            if (e.writer() && e.index() > exchange.index() && e.tMs() < tMs) {
                latestWrite = Math.max(latestWrite, e.index());
            }
        }
        if (latestWrite < 0 || writerCursor > latestWrite) {
            return ReplayConnection.Gate.OPEN;
        }
        return openFeedStillOpen && duringSent < duringExpected ? ReplayConnection.Gate.WAIT
                : ReplayConnection.Gate.NEVER;
    }

    private void closed(ReplayConnection connection) {
        synchronized (lock) {
            if (openFeed == connection) {
                openFeed = null;
            }
            lock.notifyAll();
        }
    }

    private static RecordedResponse synthetic(int status, String body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Cache-Control", "must-revalidate");
        return new RecordedResponse(OptionalInt.of(status), "", headers, body, Optional.empty(), List.of(),
                Optional.empty());
    }
}
