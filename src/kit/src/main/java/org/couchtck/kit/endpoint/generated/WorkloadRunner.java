package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.FeedConnection;
import org.couchtck.kit.endpoint.FeedEnd;
import org.couchtck.kit.endpoint.FeedKind;
import org.couchtck.kit.endpoint.FeedReader;
import org.couchtck.kit.endpoint.FeedResult;
import org.couchtck.kit.endpoint.HttpCall;
import org.couchtck.kit.endpoint.ResponseHead;
import org.couchtck.kit.endpoint.generated.Requests.Answer;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * Runs {@link FeedWorkload}s against an endpoint. Each run works in a database of its own
 * ({@code couchtck-<run>-gen-<n>}, extra databases {@code couchtck-<run>-gen-<n>-w<w>x<k>}), all deleted at the end,
 * pass or fail. While the writers send their operations (one thread each), a reader of each feed kind reads
 * {@code _changes} of the database (continuous and eventsource with heartbeats, longpoll again and again from the last
 * seq, normal polling) and one reads {@code /_db_updates} continuously. When the writers are done the kit waits, at
 * most {@link #settle()}, for every reader to show each document's last acknowledged state and each database event;
 * then it stops the readers, reads the normal feed from 0 (both styles) and again from the seqs of the workload's
 * resume points.
 *
 * <p>Everything is bounded: each request by the request timeout, the writers by {@link #writeBound()}, the wait for
 * the feeds by the settle bound; no thread and no connection outlives a run.
 */
final class WorkloadRunner {

    /** How long the kit waits for the feeds to catch up after the last write; global_changes flushes within it. */
    static final Duration SETTLE = Duration.ofSeconds(5);
    /** How long writers may take for all their operations. */
    static final Duration WRITE_BOUND = Duration.ofSeconds(10);
    /** The heartbeat the streaming readers ask for, in ms. */
    static final long HEARTBEAT_MILLIS = 1_000;
    /** The timeout the longpoll reader asks for, in ms. */
    static final long LONGPOLL_TIMEOUT_MILLIS = 1_000;
    /** The pause between two polls of the normal reader. */
    static final long POLL_PAUSE_MILLIS = 100;
    /** How long the kit waits for a thread to notice that it should stop. */
    private static final long STOP_GRACE_MILLIS = 3_000;

    private static final AtomicInteger THREADS = new AtomicInteger();

    private final EndpointTarget target;
    private final String runId;
    private final Duration requestTimeout;
    private final Duration writeBound;
    private final Duration settle;
    private final int copies;
    private final AtomicInteger workloads = new AtomicInteger();

    /**
     * @param runId part of every database name (lowercase {@code [a-z0-9_-]})
     * @param requestTimeout the bound on one request and its reply
     */
    WorkloadRunner(EndpointTarget target, String runId, Duration requestTimeout) {
        this(target, runId, requestTimeout, WRITE_BOUND, SETTLE);
    }

    WorkloadRunner(EndpointTarget target, String runId, Duration requestTimeout, Duration writeBound,
            Duration settle) {
        this(target, runId, requestTimeout, writeBound, settle, 1);
    }

    /**
     * @param copies how many copies the endpoint keeps of a database: on a cluster the final feeds are read once
     *     every copy shows the workload's last acknowledged states ({@link ClusterConvergence})
     */
    WorkloadRunner(EndpointTarget target, String runId, Duration requestTimeout, Duration writeBound,
            Duration settle, int copies) {
        this.target = target;
        this.runId = runId;
        this.requestTimeout = requestTimeout;
        this.writeBound = writeBound;
        this.settle = settle;
        this.copies = copies;
    }

    Duration writeBound() {
        return writeBound;
    }

    Duration settle() {
        return settle;
    }

    /**
     * Runs {@code workload}, recording every request, reply and feed line in {@code transcript}.
     *
     * @throws EndpointUnavailable when the workload could not start (no database to work in)
     */
    WorkloadOutcome run(FeedWorkload workload, Transcript transcript) {
        int number = workloads.incrementAndGet();
        try (Run run = new Run(workload, "couchtck-" + runId + "-gen-" + number, number, transcript)) {
            return run.execute();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EndpointUnavailable("the kit was interrupted while the workload ran");
        }
    }

    /** One run of one workload. */
    private final class Run implements AutoCloseable {
        final FeedWorkload workload;
        final String database;
        final Transcript transcript;
        final ExecutorService threads;
        final long started = System.nanoTime();
        volatile boolean stop;
        final AtomicReference<String> silent = new AtomicReference<>();
        final Map<ReaderKind, ReaderLog> readers = new EnumMap<>(ReaderKind.class);
        final Map<ReaderKind, Transcript> readerTranscripts = new EnumMap<>(ReaderKind.class);
        final Map<ReaderKind, FeedConnection> open = new ConcurrentHashMap<>();
        final List<Map<Integer, DocHistory>> docs = new ArrayList<>();
        final List<Map<Integer, WorkloadOutcome.ExtraDatabase>> extras = new ArrayList<>();
        final List<WorkloadOutcome.Refusal> refusals = Collections.synchronizedList(new ArrayList<>());
        long readDeadline;

        Run(FeedWorkload workload, String database, int number, Transcript transcript) {
            this.workload = workload;
            this.database = database;
            this.transcript = transcript;
            this.threads = Executors.newCachedThreadPool(task -> {
                Thread thread = new Thread(task, "couchtck-feeds-" + number + "-" + THREADS.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
            for (ReaderKind kind : ReaderKind.values()) {
                readers.put(kind, new ReaderLog(kind));
                readerTranscripts.put(kind, new Transcript());
            }
            for (int w = 0; w < workload.writers().size(); w++) {
                docs.add(new LinkedHashMap<>());
                extras.add(new LinkedHashMap<>());
            }
        }

        WorkloadOutcome execute() throws InterruptedException {
            transcript.add(Direction.EVENT, "workload against " + target.baseUri() + " in database " + database
                    + ": " + workload.writers().size() + " writers, " + workload.operations() + " operations");
            createDatabase();
            Duration settled = Duration.ZERO;
            WorkloadOutcome.Feed mainOnly;
            WorkloadOutcome.Feed allDocs;
            List<WorkloadOutcome.Resume> resumes;
            try {
                readDeadline = System.nanoTime() + writeBound.plus(settle).plus(requestTimeout).toNanos();
                Optional<String> dbUpdatesSince = dbUpdatesNow();
                List<Future<?>> readerTasks = new ArrayList<>();
                readerTasks.add(threads.submit(() -> stream(ReaderKind.CONTINUOUS, "0")));
                readerTasks.add(threads.submit(() -> stream(ReaderKind.EVENTSOURCE, "0")));
                readerTasks.add(threads.submit(() -> poll(ReaderKind.LONGPOLL)));
                readerTasks.add(threads.submit(() -> poll(ReaderKind.NORMAL)));
                dbUpdatesSince.ifPresent(since -> readerTasks.add(threads.submit(() -> stream(ReaderKind.DB_UPDATES,
                        since))));
                long writeDeadline = System.nanoTime() + writeBound.toNanos();
                List<Future<?>> writers = new ArrayList<>();
                for (int w = 0; w < workload.writers().size(); w++) {
                    int writer = w;
                    writers.add(threads.submit(() -> write(writer, writeDeadline)));
                }
                for (Future<?> writer : writers) {
                    await(writer, writeDeadline + requestTimeout.toNanos() + STOP_GRACE_MILLIS * 1_000_000);
                }
                long settleStart = System.nanoTime();
                transcript.add(Direction.EVENT, "the writers are done; waiting at most " + settle.toMillis()
                        + " ms for every feed to show the last acknowledged states");
                awaitFeeds(settleStart + settle.toNanos());
                settled = Duration.ofNanos(System.nanoTime() - settleStart);
                transcript.add(Direction.EVENT, "the feeds " + (caughtUp() ? "caught up" : "did not all catch up")
                        + " after " + settled.toMillis() + " ms; stopping the readers");
                stopReaders(readerTasks);
                ClusterConvergence.await(copies, "every document's last acknowledged state in _changes",
                        this::normalFeedCaughtUp, transcript);
                mainOnly = feed("final", "/" + database + "/_changes");
                allDocs = feed("final", "/" + database + "/_changes?style=all_docs");
                resumes = resumes();
            } finally {
                stop = true;
                open.values().forEach(FeedConnection::close);
                cleanUp();
            }
            appendReaderTranscripts();
            Map<String, DocHistory> byId = new LinkedHashMap<>();
            docs.forEach(writer -> writer.values().forEach(doc -> byId.put(doc.id(), doc)));
            List<WorkloadOutcome.ExtraDatabase> databases = new ArrayList<>();
            extras.forEach(writer -> databases.addAll(writer.values()));
            return new WorkloadOutcome(workload, database, byId, List.copyOf(refusals), databases,
                    Optional.ofNullable(silent.get()), readers, mainOnly, allDocs, resumes, settle);
        }

        // ---- setup and cleanup

        private void createDatabase() throws InterruptedException {
            Answer answer = request("setup", "PUT", "/" + database, Optional.empty());
            if (!answer.answered()) {
                throw new EndpointUnavailable("the endpoint " + target.baseUri() + " did not answer the creation "
                        + "of the workload's database (PUT /" + database + "): " + answer.failure(), transcript);
            }
            if (answer.status() != 201 && answer.status() != 202) {
                throw new EndpointUnavailable("the workload's database could not be created: PUT /" + database
                        + " answered " + answer.shown(), transcript);
            }
        }

        /** The seq of {@code /_db_updates} now, where its reader starts; empty (and a problem) when there is none. */
        private Optional<String> dbUpdatesNow() throws InterruptedException {
            ReaderLog log = readers.get(ReaderKind.DB_UPDATES);
            Answer answer = request("db_updates", "GET", "/_db_updates?since=now", Optional.empty());
            if (!answer.answered()) {
                log.problem("GET /_db_updates?since=now: " + answer.failure());
            } else if (answer.status() != 200) {
                log.problem("GET /_db_updates?since=now answered " + answer.shown());
            } else {
                Optional<JsonNode> lastSeq = answer.json().map(body -> body.get("last_seq")).filter(s -> s != null
                        && !s.isNull());
                if (lastSeq.isPresent()) {
                    return Optional.of(ChangeRow.sinceText(lastSeq.get()));
                }
                log.problem("GET /_db_updates?since=now answered no last_seq: " + answer.shown());
            }
            log.stopped();
            return Optional.empty();
        }

        /** Deletes the workload's databases; after a request that got no reply, only if the first delete is answered. */
        private void cleanUp() throws InterruptedException {
            Answer main = send("cleanup", "DELETE", "/" + database, Optional.empty());
            if (!main.answered()) {
                transcript.add(Direction.EVENT, "not deleting the extra databases of " + database + ": the endpoint "
                        + "does not answer");
                return;
            }
            for (Map<Integer, WorkloadOutcome.ExtraDatabase> writer : extras) {
                for (WorkloadOutcome.ExtraDatabase extra : writer.values()) {
                    if (!extra.deleted()) {
                        send("cleanup", "DELETE", "/" + extra.name(), Optional.empty());
                    }
                }
            }
        }

        // ---- writers

        private void write(int writer, long deadline) {
            List<FeedOp> ops = workload.writers().get(writer);
            String who = "w" + writer;
            try {
                for (int i = 0; i < ops.size(); i++) {
                    if (stop || silent.get() != null) {
                        transcript.add(Direction.EVENT, who + ": stops before operation " + i + ": "
                                + (stop ? "the workload was stopped" : "the endpoint stopped answering"));
                        return;
                    }
                    if (System.nanoTime() > deadline) {
                        transcript.add(Direction.EVENT, who + ": stops before operation " + i + ": the writers' "
                                + writeBound.toMillis() + " ms are up");
                        return;
                    }
                    FeedOp op = ops.get(i);
                    int line = workload.lineOf(writer, i);
                    if (op.onDocument()) {
                        DocHistory doc = docs.get(writer).computeIfAbsent(op.number(),
                                n -> new DocHistory(FeedOp.docId(writer, n)));
                        if (doc.uncertainty().isPresent()) {
                            transcript.add(Direction.EVENT, who + ": skips " + op.describe(writer) + ": its state is "
                                    + "unknown since " + doc.uncertainty().get());
                            continue;
                        }
                        switch (op.kind()) {
                            case WRITE -> writeDoc(who, doc, writer, i, line);
                            case DELETE -> deleteDoc(who, doc, line);
                            case CONFLICT -> conflict(who, doc, op, writer, i, line);
                            default -> throw new IllegalStateException(op.kind().name());
                        }
                    } else if (op.kind() == FeedOp.Kind.CREATE_DB) {
                        createExtra(who, writer, op.number(), line);
                    } else {
                        deleteExtra(who, writer, op.number(), line);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void writeDoc(String who, DocHistory doc, int writer, int index, int line)
                throws InterruptedException {
            ObjectNode body = JsonNodeFactory.instance.objectNode().put("writer", writer).put("op", index);
            String replaced = null;
            if (!doc.isEmpty()) {
                Map.Entry<String, Boolean> winner = doc.winner().orElseThrow();
                replaced = winner.getKey();
                if (!winner.getValue()) {
                    body.put("_rev", winner.getKey());
                }
            }
            long sentAt = System.nanoTime();
            Answer answer = request(who, "PUT", "/" + database + "/" + doc.id(), Optional.of(body.toString()));
            Optional<String> rev = acknowledged(answer, 201, 202).flatMap(WorkloadRunner::rev);
            if (rev.isPresent()) {
                doc.written(replaced, rev.get(), false, sentAt, line);
            } else {
                refused(who, doc, line, "PUT /" + database + "/" + doc.id() + " " + body, answer);
            }
        }

        private void deleteDoc(String who, DocHistory doc, int line) throws InterruptedException {
            if (doc.isEmpty() || doc.deleted()) {
                transcript.add(Direction.EVENT, who + ": skips deleting " + doc.id() + ": "
                        + (doc.isEmpty() ? "it has no revision" : "it is deleted already"));
                return;
            }
            String winner = doc.winner().orElseThrow().getKey();
            long sentAt = System.nanoTime();
            String path = "/" + database + "/" + doc.id() + "?rev=" + encode(winner);
            Answer answer = request(who, "DELETE", path, Optional.empty());
            Optional<String> rev = acknowledged(answer, 200, 202).flatMap(WorkloadRunner::rev);
            if (rev.isPresent()) {
                doc.written(winner, rev.get(), true, sentAt, line);
            } else {
                refused(who, doc, line, "DELETE " + path, answer);
            }
        }

        private void conflict(String who, DocHistory doc, FeedOp op, int writer, int index, int line)
                throws InterruptedException {
            ObjectNode docBody = JsonNodeFactory.instance.objectNode().put("_id", doc.id());
            String rev;
            String replaced = null;
            if (doc.isEmpty()) {
                rev = "1-" + op.branch();
                docBody.put("_rev", rev);
            } else {
                String root = doc.root();
                long position = DocHistory.position(root) + 1;
                rev = position + "-" + op.branch();
                docBody.put("_rev", rev);
                ObjectNode revisions = docBody.putObject("_revisions");
                revisions.put("start", position);
                revisions.putArray("ids").add(op.branch()).add(DocHistory.hash(root));
                replaced = root;
            }
            if (op.deleted()) {
                docBody.put("_deleted", true);
            }
            docBody.put("writer", writer).put("op", index);
            ObjectNode body = JsonNodeFactory.instance.objectNode().put("new_edits", false);
            body.putArray("docs").add(docBody);
            long sentAt = System.nanoTime();
            Answer answer = request(who, "POST", "/" + database + "/_bulk_docs", Optional.of(body.toString()));
            boolean ok = acknowledged(answer, 201, 202).filter(reply -> !reply.isArray() || noErrors(reply))
                    .isPresent();
            if (ok) {
                // The branch replaces the first revision only where that was still a leaf (never updated).
                doc.written(replaced != null && isLeaf(doc, replaced) ? replaced : null, rev, op.deleted(), sentAt,
                        line);
            } else {
                refused(who, doc, line, "POST /" + database + "/_bulk_docs " + body, answer);
            }
        }

        private boolean isLeaf(DocHistory doc, String rev) {
            return doc.last().map(v -> v.leaves().contains(rev)).orElse(false);
        }

        private void createExtra(String who, int writer, int number, int line) throws InterruptedException {
            String name = database + "-" + FeedOp.dbSuffix(writer, number);
            Answer answer = request(who, "PUT", "/" + name, Optional.empty());
            boolean created = acknowledged(answer, 201, 202).isPresent();
            boolean uncertain = !created && unknownOutcome(answer);
            extras.get(writer).put(number, new WorkloadOutcome.ExtraDatabase(name, line, created, -1, false,
                    uncertain));
            if (!created) {
                refusals.add(new WorkloadOutcome.Refusal(line, "PUT /" + name + ": " + answer.shown(), true));
            }
        }

        private void deleteExtra(String who, int writer, int number, int line) throws InterruptedException {
            WorkloadOutcome.ExtraDatabase extra = extras.get(writer).get(number);
            if (extra == null || !extra.created() || extra.uncertain()) {
                transcript.add(Direction.EVENT, who + ": skips deleting database " + FeedOp.dbSuffix(writer, number)
                        + ": its creation was not acknowledged");
                return;
            }
            Answer answer = request(who, "DELETE", "/" + extra.name(), Optional.empty());
            boolean deleted = acknowledged(answer, 200, 202).isPresent();
            extras.get(writer).put(number, new WorkloadOutcome.ExtraDatabase(extra.name(), extra.createdLine(), true,
                    line, deleted, !deleted && unknownOutcome(answer)));
            if (!deleted) {
                refusals.add(new WorkloadOutcome.Refusal(line, "DELETE /" + extra.name() + ": " + answer.shown(),
                        true));
            }
        }

        private void refused(String who, DocHistory doc, int line, String request, Answer answer) {
            refusals.add(new WorkloadOutcome.Refusal(line, request + " answered " + answer.shown(), false));
            if (unknownOutcome(answer)) {
                doc.uncertain(who + "'s " + request + " got " + answer.shown());
            }
        }

        // ---- readers

        /** A reader of one long response: continuous or eventsource {@code _changes}, or {@code /_db_updates}. */
        private void stream(ReaderKind kind, String firstSince) {
            ReaderLog log = readers.get(kind);
            Transcript lines = readerTranscripts.get(kind);
            String since = firstSince;
            int connection = 0;
            try {
                while (!stop && System.nanoTime() < readDeadline) {
                    String path = switch (kind) {
                        case CONTINUOUS -> "/" + database + "/_changes?feed=continuous&style=all_docs&heartbeat="
                                + HEARTBEAT_MILLIS + "&since=" + encode(since);
                        case EVENTSOURCE -> "/" + database + "/_changes?feed=eventsource&style=all_docs&heartbeat="
                                + HEARTBEAT_MILLIS + "&since=" + encode(since);
                        case DB_UPDATES -> "/_db_updates?feed=continuous&heartbeat=" + HEARTBEAT_MILLIS + "&since="
                                + encode(since);
                        default -> throw new IllegalArgumentException(kind.name());
                    };
                    int firstRow = log.rowCount();
                    int response = connection;
                    Optional<FeedResult> read = read(kind, path, kind == ReaderKind.EVENTSOURCE ? FeedKind.EVENTSOURCE
                            : FeedKind.CONTINUOUS, readDeadline, event -> take(kind, log, event, response), lines);
                    if (read.isEmpty()) {
                        return;
                    }
                    FeedResult result = read.get();
                    Optional<JsonNode> lastSeq = result.lastSeq().or(() -> lastRowSeq(log, firstRow));
                    log.response(new ReaderLog.Response(since, firstRow, log.rowCount() - firstRow, result.lastSeq(),
                            System.nanoTime()));
                    if (result.problem().isPresent()) {
                        log.problem(kind.id() + " feed: " + result.problem().get());
                        return;
                    }
                    if (result.ended() != FeedEnd.SERVER || stop) {
                        return;
                    }
                    log.note("the server ended the " + kind.id() + " feed (" + result.stopped() + "); the reader "
                            + "went on from its last seq");
                    since = lastSeq.map(ChangeRow::sinceText).orElse(since);
                    connection++;
                    Thread.sleep(POLL_PAUSE_MILLIS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                log.stopped();
            }
        }

        private Optional<JsonNode> lastRowSeq(ReaderLog log, int firstRow) {
            List<ChangeRow> rows = log.rows();
            return rows.size() > firstRow ? Optional.of(rows.get(rows.size() - 1).seq()) : Optional.empty();
        }

        /** A reader that asks again and again from the last seq: longpoll, or normal polling. */
        private void poll(ReaderKind kind) {
            ReaderLog log = readers.get(kind);
            Transcript lines = readerTranscripts.get(kind);
            String since = "0";
            int response = 0;
            try {
                while (!stop && System.nanoTime() < readDeadline) {
                    String path = "/" + database + "/_changes?style=all_docs&since=" + encode(since)
                            + (kind == ReaderKind.LONGPOLL ? "&feed=longpoll&timeout=" + LONGPOLL_TIMEOUT_MILLIS : "");
                    int firstRow = log.rowCount();
                    int number = response;
                    long bound = System.nanoTime() + requestTimeout.toNanos() + LONGPOLL_TIMEOUT_MILLIS * 1_000_000;
                    Optional<FeedResult> read = read(kind, path, kind == ReaderKind.LONGPOLL ? FeedKind.LONGPOLL
                            : FeedKind.NORMAL, bound, event -> take(kind, log, event, number), lines);
                    if (read.isEmpty()) {
                        return;
                    }
                    FeedResult result = read.get();
                    if (stop && result.ended() != FeedEnd.SERVER) {
                        return;
                    }
                    if (result.ended() != FeedEnd.SERVER) {
                        log.problem(kind.id() + " reply to GET " + path + " did not end: " + result.stopped());
                        return;
                    }
                    if (result.problem().isPresent() || result.events().isEmpty() || result.lastSeq().isEmpty()) {
                        log.problem(kind.id() + " reply to GET " + path + " is no changes body (results and "
                                + "last_seq): " + result.problem().orElse(cut(result.bodyText())));
                        return;
                    }
                    log.response(new ReaderLog.Response(since, firstRow, log.rowCount() - firstRow, result.lastSeq(),
                            System.nanoTime()));
                    since = ChangeRow.sinceText(result.lastSeq().get());
                    response++;
                    if (kind == ReaderKind.NORMAL) {
                        Thread.sleep(POLL_PAUSE_MILLIS);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                log.stopped();
            }
        }

        /**
         * Opens {@code path} and reads it until the server ends it, the kit closes it or {@code deadline}; empty (with
         * a problem logged, unless the kit was stopping) when no 200 came.
         */
        private Optional<FeedResult> read(ReaderKind kind, String path, FeedKind feedKind, long deadline,
                java.util.function.Consumer<JsonNode> onEvent, Transcript lines) throws InterruptedException {
            ReaderLog log = readers.get(kind);
            HttpCall call = call("GET", path, Optional.empty(), requestTimeout);
            lines.add(Direction.SENT, "GET " + path);
            Instant sentAt = Instant.now();
            Duration within = Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
            try (FeedConnection connection = target.open(call)) {
                open.put(kind, connection);
                if (stop) {
                    return Optional.empty();
                }
                Optional<ResponseHead> head;
                try {
                    head = connection.awaitHead(sentAt.plus(requestTimeout.plus(Duration.ofMillis(
                            Math.max(HEARTBEAT_MILLIS, LONGPOLL_TIMEOUT_MILLIS)))));
                } catch (IOException e) {
                    if (!stop) {
                        log.problem("GET " + path + ": " + e.getMessage());
                    }
                    return Optional.empty();
                }
                if (head.isEmpty()) {
                    if (!stop) {
                        log.problem("GET " + path + ": no response within " + requestTimeout.toMillis() + " ms");
                    }
                    return Optional.empty();
                }
                head.get().setAside().forEach(note -> lines.add(Direction.EVENT, note));
                lines.add(Direction.RECEIVED, Integer.toString(head.get().status()));
                if (head.get().status() != 200) {
                    FeedResult body = new FeedReader(connection, FeedKind.NORMAL, OptionalInt.empty(), sentAt,
                            Duration.ofSeconds(2), lines).read();
                    log.problem("GET " + path + " answered " + head.get().status() + " " + cut(body.bodyText()
                            .strip()));
                    return Optional.empty();
                }
                String type = head.get().headers().firstValue("Content-Type").orElse("");
                if (feedKind == FeedKind.EVENTSOURCE && !type.toLowerCase(java.util.Locale.ROOT)
                        .startsWith("text/event-stream")) {
                    // events are judged by what the stream says: a body that is none is its own failure
                    FeedResult body = new FeedReader(connection, FeedKind.NORMAL, OptionalInt.empty(), sentAt,
                            Duration.ofSeconds(2), lines).read();
                    log.problem("GET " + path + " answered no event stream: 200 with Content-Type '" + type + "' "
                            + cut(body.bodyText().strip()));
                    return Optional.empty();
                }
                return Optional.of(new FeedReader(connection, feedKind, OptionalInt.empty(), sentAt, within, lines,
                        onEvent).read());
            } finally {
                open.remove(kind);
            }
        }

        /** Takes one event of a reader's feed: a change row, or a database event. */
        private void take(ReaderKind kind, ReaderLog log, JsonNode event, int response) {
            long now = System.nanoTime();
            if (kind == ReaderKind.DB_UPDATES) {
                if (event.path("db_name").isTextual() && event.path("type").isTextual()) {
                    log.event(new ReaderLog.DbEvent(event.get("db_name").asText(), event.get("type").asText(), now));
                } else {
                    log.problem("db_updates: an event without db_name and type: " + cut(event.toString()));
                }
                return;
            }
            JsonNode row = event;
            if (kind == ReaderKind.EVENTSOURCE) {
                if (!event.path("event").asText("message").equals("message")) {
                    return;
                }
                row = event.get("data");
            }
            Optional<ChangeRow> parsed = ChangeRow.parse(row, now, response);
            if (parsed.isPresent()) {
                log.row(parsed.get());
            } else {
                log.problem(kind.id() + ": an event that is no change row (id, changes): " + cut(String.valueOf(row)));
            }
        }

        // ---- waiting for the feeds

        /** Waits until every reader shows every last acknowledged state and database event, or {@code deadline}. */
        private void awaitFeeds(long deadline) throws InterruptedException {
            while (System.nanoTime() < deadline && !caughtUp()) {
                Thread.sleep(50);
            }
        }

        /** Whether a normal feed (style=all_docs) read now has every document at its last acknowledged state. */
        private boolean normalFeedCaughtUp() throws InterruptedException {
            WorkloadOutcome.Feed feed = feed("cluster", "/" + database + "/_changes?style=all_docs");
            if (feed.problem().isPresent()) {
                return false;
            }
            Map<String, ChangeRow> latest = new HashMap<>();
            feed.rows().forEach(row -> latest.put(row.id(), row));
            for (Map<Integer, DocHistory> writer : docs) {
                for (DocHistory doc : writer.values()) {
                    if (doc.uncertainty().isEmpty() && doc.last().isPresent()) {
                        ChangeRow row = latest.get(doc.id());
                        if (row == null || !row.revs().equals(doc.last().get().leaves())) {
                            return false;
                        }
                    }
                }
            }
            return true;
        }

        private boolean caughtUp() {
            List<DocHistory> known = new ArrayList<>();
            docs.forEach(writer -> writer.values().stream()
                    .filter(doc -> doc.uncertainty().isEmpty() && doc.last().isPresent())
                    .forEach(known::add));
            for (ReaderKind kind : List.of(ReaderKind.CONTINUOUS, ReaderKind.EVENTSOURCE, ReaderKind.LONGPOLL,
                    ReaderKind.NORMAL)) {
                ReaderLog log = readers.get(kind);
                if (log.isStopped() || !log.problems().isEmpty()) {
                    continue;
                }
                for (DocHistory doc : known) {
                    Optional<ChangeRow> latest = log.latest(doc.id());
                    if (latest.isEmpty() || !latest.get().revs().equals(doc.last().get().leaves())) {
                        return false;
                    }
                }
            }
            ReaderLog updates = readers.get(ReaderKind.DB_UPDATES);
            if (updates.isStopped() || !updates.problems().isEmpty()) {
                return true;
            }
            List<ReaderLog.DbEvent> events = updates.events();
            for (Map<Integer, WorkloadOutcome.ExtraDatabase> writer : extras) {
                for (WorkloadOutcome.ExtraDatabase extra : writer.values()) {
                    if (extra.created() && events.stream().noneMatch(e -> e.database().equals(extra.name())
                            && e.type().equals("created"))) {
                        return false;
                    }
                    if (extra.deleted() && events.stream().noneMatch(e -> e.database().equals(extra.name())
                            && e.type().equals("deleted"))) {
                        return false;
                    }
                }
            }
            return true;
        }

        private void stopReaders(List<Future<?>> readerTasks) throws InterruptedException {
            stop = true;
            open.values().forEach(FeedConnection::close);
            long deadline = System.nanoTime() + STOP_GRACE_MILLIS * 1_000_000;
            for (Future<?> task : readerTasks) {
                await(task, deadline);
            }
        }

        private void await(Future<?> task, long deadlineNanos) throws InterruptedException {
            try {
                task.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                // close() interrupts it; its log says how far it came
                stop = true;
                open.values().forEach(FeedConnection::close);
            } catch (ExecutionException e) {
                transcript.add(Direction.EVENT, "the kit failed in a workload thread: " + e.getCause());
                throw new IllegalStateException("a workload thread failed", e.getCause());
            }
        }

        // ---- after the workload

        /** The normal feed at {@code path} (admin). */
        private WorkloadOutcome.Feed feed(String who, String path) throws InterruptedException {
            Answer answer = request(who, "GET", path, Optional.empty());
            if (!answer.answered() || answer.status() != 200) {
                return new WorkloadOutcome.Feed(path, List.of(), Optional.of("GET " + path + " answered "
                        + answer.shown()));
            }
            Optional<JsonNode> body = answer.json();
            JsonNode results = body.map(b -> b.get("results")).orElse(null);
            if (results == null || !results.isArray()) {
                return new WorkloadOutcome.Feed(path, List.of(), Optional.of("GET " + path + " answered no results: "
                        + cut(answer.body())));
            }
            List<ChangeRow> rows = new ArrayList<>();
            long now = System.nanoTime();
            for (JsonNode result : (ArrayNode) results) {
                Optional<ChangeRow> row = ChangeRow.parse(result, now, 0);
                if (row.isEmpty()) {
                    return new WorkloadOutcome.Feed(path, rows, Optional.of("GET " + path + ": a result that is no "
                            + "change row (id, changes): " + cut(result.toString())));
                }
                rows.add(row.get());
            }
            return new WorkloadOutcome.Feed(path, rows, Optional.empty());
        }

        private List<WorkloadOutcome.Resume> resumes() throws InterruptedException {
            List<WorkloadOutcome.Resume> resumes = new ArrayList<>();
            for (FeedWorkload.ResumePoint point : workload.resumePoints()) {
                ReaderLog log = readers.get(point.reader());
                String seq;
                int position;
                long at;
                if (point.reader() == ReaderKind.LONGPOLL) {
                    List<ReaderLog.Response> responses = log.responses().stream()
                            .filter(r -> r.lastSeq().isPresent()).toList();
                    if (responses.isEmpty()) {
                        transcript.add(Direction.EVENT, point.describe() + ": the reader got no last_seq");
                        continue;
                    }
                    ReaderLog.Response response = responses.get(point.permille() * (responses.size() - 1) / 1000);
                    seq = ChangeRow.sinceText(response.lastSeq().get());
                    position = response.firstRow() + response.rowCount() - 1;
                    at = response.receivedAt();
                } else {
                    List<ChangeRow> rows = log.rows().stream().filter(r -> !r.seq().isNull()).toList();
                    if (rows.isEmpty()) {
                        transcript.add(Direction.EVENT, point.describe() + ": the reader got no rows");
                        continue;
                    }
                    ChangeRow row = rows.get(point.permille() * (rows.size() - 1) / 1000);
                    seq = ChangeRow.sinceText(row.seq());
                    position = log.rows().indexOf(row);
                    at = row.receivedAt();
                }
                WorkloadOutcome.Feed feed = feed("resume", "/" + database + "/_changes?style=all_docs&since="
                        + encode(seq));
                resumes.add(new WorkloadOutcome.Resume(point, seq, position, at, feed));
            }
            return resumes;
        }

        // ---- requests

        /** Sends a request of the workload; once one got no reply, sends nothing more (each would cost its bound). */
        private Answer request(String who, String method, String path, Optional<String> body)
                throws InterruptedException {
            if (silent.get() != null) {
                return Answer.none("not sent: the endpoint stopped answering earlier (" + silent.get() + ")");
            }
            return send(who, method, path, body);
        }

        private Answer send(String who, String method, String path, Optional<String> body)
                throws InterruptedException {
            Answer answer = Requests.send(target, transcript, who, method, path, body, requestTimeout);
            if (answer.silent()) {
                silent.compareAndSet(null, answer.failure());
            }
            return answer;
        }

        private HttpCall call(String method, String path, Optional<String> body, Duration timeout) {
            return Requests.call(target, method, path, body, timeout);
        }

        private void appendReaderTranscripts() {
            Instant start = Instant.now().minusNanos(System.nanoTime() - started);
            for (Map.Entry<ReaderKind, Transcript> reader : readerTranscripts.entrySet()) {
                List<TranscriptEntry> entries = reader.getValue().entries();
                ReaderLog log = readers.get(reader.getKey());
                if (entries.isEmpty() && log.problems().isEmpty()) {
                    continue;
                }
                String name = reader.getKey().id();
                transcript.add(Direction.EVENT, "the " + name + " reader: " + log.rowCount() + " rows, "
                        + log.events().size() + " database events, " + log.responses().size() + " replies"
                        + (log.problems().isEmpty() ? "" : "; problems: " + log.problems())
                        + (log.notes().isEmpty() ? "" : "; " + log.notes()));
                for (TranscriptEntry entry : entries) {
                    transcript.add(entry.direction(), "[" + name + " +" + Duration.between(start, entry.at())
                            .toMillis() + " ms] " + entry.text());
                }
            }
        }

        @Override
        public void close() {
            stop = true;
            open.values().forEach(FeedConnection::close);
            threads.shutdownNow();
            try {
                if (!threads.awaitTermination(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                    transcript.add(Direction.EVENT, "kit defect: a workload thread did not stop");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The reply's JSON when its status is one of {@code statuses}. */
    private static Optional<JsonNode> acknowledged(Answer answer, int... statuses) {
        if (!answer.answered()) {
            return Optional.empty();
        }
        for (int status : statuses) {
            if (answer.status() == status) {
                return answer.json().or(() -> Optional.of(JsonNodeFactory.instance.nullNode()));
            }
        }
        return Optional.empty();
    }

    private static Optional<String> rev(JsonNode reply) {
        return reply.path("rev").isTextual() ? Optional.of(reply.get("rev").asText()) : Optional.empty();
    }

    private static boolean noErrors(JsonNode reply) {
        for (JsonNode result : reply) {
            if (result.has("error")) {
                return false;
            }
        }
        return true;
    }

    /** Whether a write may have happened although it was not acknowledged: no reply, or a server error. */
    private static boolean unknownOutcome(Answer answer) {
        return !answer.answered() || answer.status() >= 500;
    }

    static String encode(String value) {
        return Requests.encode(value);
    }

    static String cut(String text) {
        return Requests.cut(text);
    }
}
