package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;

/**
 * Runs one {@link HttpCase} against an {@link EndpointTarget} and judges it. The case works in databases of its own:
 * created (PUT, admin) before the first step, deleted (DELETE, admin, 404 ignored) after the last, pass or fail. Steps
 * run in order, with variables filled in from the databases and from earlier captures; the first broken expectation
 * decides the verdict: FAIL for a MUST case, WARN otherwise. A server that does not answer where an answer was due has
 * answered wrongly. ERROR is kept for what the kit cannot judge: the endpoint is unreachable, it never answered the
 * case's first request, or the case's databases could not be created. Every request, reply and feed line is in the
 * result's transcript.
 */
public final class HttpCaseExecutor {

    /** How long the kit waits, past a feed's bound, for its reader to notice the end. */
    private static final long READER_GRACE_MILLIS = 2_000;

    private final EndpointTarget target;
    private final HttpRunSettings settings;
    private final CallRenderer calls;
    /** Requests to the kit's stand-ins carry no credentials of the endpoint's. */
    private static final CallRenderer STAND_IN_CALLS = new CallRenderer(Optional.empty());
    private final PollTimer timer;
    private final AtomicInteger cases = new AtomicInteger();
    /** Why the admin cannot be used any more (the server locked it out); the cases after that are not run. */
    private final AtomicReference<String> lockedOut = new AtomicReference<>();

    public HttpCaseExecutor(EndpointTarget target, HttpRunSettings settings) {
        this(target, settings, PollTimer.SYSTEM);
    }

    /** @param timer what polling steps go by (the system's; a virtual one in tests) */
    public HttpCaseExecutor(EndpointTarget target, HttpRunSettings settings, PollTimer timer) {
        this.target = target;
        this.settings = settings;
        this.calls = new CallRenderer(target.adminCredentials());
        this.timer = timer;
    }

    /** Runs {@code testCase} and returns its verdict with the transcript. Never throws for target misbehaviour. */
    public CaseResult run(HttpCase testCase) {
        Instant started = Instant.now();
        Transcript transcript = new Transcript();
        if (settings.profile().isPresent() && !settings.profile().get().conformance().includes(testCase.profile())) {
            return result(testCase, Verdict.NA, "in the " + testCase.profile().id() + " profile only (run with "
                    + "--profile " + testCase.profile().id() + ")", null, transcript, started)
                    .withNotApplicable(Applicability.Cause.PROFILE);
        }
        if (settings.profile().isPresent()) {
            Applicability applicability = settings.profile().get().applicability(testCase.capabilities());
            if (!applicability.applicable()) {
                return result(testCase, Verdict.NA, applicability.reason(), null, transcript, started)
                        .withNotApplicable(applicability.cause());
            }
        }
        for (String capability : testCase.capabilities()) {
            Optional<String> absent = settings.externals().whyAbsent(capability)
                    .or(() -> settings.shape().whyAbsent(capability));
            if (absent.isPresent()) {
                return result(testCase, Verdict.NA, "needs " + capability + ": " + absent.get(), null, transcript,
                        started).withNotApplicable(Applicability.Cause.FEATURE);
            }
        }
        String locked = lockedOut.get();
        if (locked != null) {
            return result(testCase, Verdict.ERROR, locked + "; the case was not run", null, transcript, started);
        }
        int number = cases.incrementAndGet();
        Outcome outcome;
        // The threads end before the transcript is taken: no reader adds a line after the result was made.
        try (CaseThreads threads = new CaseThreads(number);
                ShownOutput shown = new ShownOutput(settings.watch().showOutputTo(transcript))) {
            outcome = new CaseRun(testCase, new CaseDatabases(testCase, settings.runId(), number), threads,
                    transcript).execute();
        }
        return result(testCase, outcome.verdict, outcome.message, outcome.failure, transcript, started);
    }

    private static CaseResult result(HttpCase c, Verdict verdict, String message, IndexedFailure failure,
            Transcript transcript, Instant started) {
        return new CaseResult(c.id(), c.section(), c.level(), c.description(), c.spec(), verdict, message,
                failure == null ? "" : failure.expected(), failure == null ? "" : failure.actual(),
                failure == null ? -1 : failure.index, transcript.entries(), OptionalLong.empty(),
                Duration.between(started, Instant.now()), "");
    }

    /** The endpoint's output shown in a case's transcript, until the case ends. */
    private record ShownOutput(AutoCloseable handle) implements AutoCloseable {
        @Override
        public void close() {
            try {
                handle.close();
            } catch (Exception e) {
                // showing stops either way
            }
        }
    }

    /** What a case came to, before it becomes a {@link CaseResult}. */
    /** A cluster took a write the case expects refused as a conflict, and shows it as one: the case ends, passed. */
    private static final class AcceptedConflict extends Exception {
        private static final long serialVersionUID = 1L;

        AcceptedConflict(String message) {
            super(message, null, false, false);
        }
    }

    private record Outcome(Verdict verdict, String message, IndexedFailure failure) {
        Outcome(Verdict verdict, String message) {
            this(verdict, message, null);
        }
    }

    /** A step failure with the index of the case's step it happened in. */
    private static final class IndexedFailure extends Exception {
        private static final long serialVersionUID = 1L;
        final int index;
        final StepFailure failure;

        IndexedFailure(StepFailure failure, int index) {
            super(failure.getMessage(), failure);
            this.failure = failure;
            this.index = index;
        }

        String expected() {
            return failure.expected();
        }

        String actual() {
            return failure.actual();
        }
    }

    /** The state of one run of one case. */
    private final class CaseRun {
        final HttpCase testCase;
        final CaseDatabases databases;
        final CaseThreads threads;
        final Transcript transcript;
        final Bindings bindings = new Bindings(settings.profile().map(p -> p.conformance()
                .includes(Conformance.EXACT)).orElse(true));
        /** Whether any response came from the endpoint in this case. */
        boolean answered;
        /** Whether the endpoint is known to be unreachable or silent: cleanup would only cost timeouts. */
        boolean unusable;
        /** On a cluster, the documents written that may not be on every copy yet. */
        final ClusterSettle settle = new ClusterSettle();
        /** The request the last step sent. */
        HttpCall lastCall;

        CaseRun(HttpCase testCase, CaseDatabases databases, CaseThreads threads, Transcript transcript) {
            this.testCase = testCase;
            this.databases = databases;
            this.threads = threads;
            this.transcript = transcript;
            databases.bound().forEach((name, value) -> bindings.bind(name, TextNode.valueOf(value)));
            settings.externals().variables().forEach((name, value) -> bindings.bind(name, TextNode.valueOf(value)));
        }

        Outcome execute() {
            transcript.add(Direction.EVENT, "case " + testCase.id() + " against " + target.baseUri()
                    + (databases.all().isEmpty() ? "" : ", databases " + databases.all())
                    + (databases.users().isEmpty() ? "" : ", users " + databases.users()));
            try {
                try {
                    createDatabases();
                    for (HttpStep step : testCase.steps()) {
                        try {
                            if (step instanceof FeedStep feed) {
                                feed(feed, label(step));
                            } else {
                                RequestStep request = (RequestStep) step;
                                if (request.afterMillis() > 0) {
                                    // a step of the case waits from the end of the one before it
                                    transcript.add(Direction.EVENT, label(step) + ": waits " + request.afterMillis()
                                            + " ms before it is sent");
                                    timer.sleep(request.afterMillis());
                                }
                                request(request, label(step));
                            }
                        } catch (StepFailure failure) {
                            throw new IndexedFailure(failure, step.index());
                        }
                    }
                } finally {
                    cleanUp();
                    deleteDatabases();
                    deleteUsers();
                }
            } catch (IndexedFailure failure) {
                return new Outcome(Verdict.broken(testCase.level()), failure.getMessage(), failure);
            } catch (AcceptedConflict taken) {
                transcript.add(Direction.EVENT, taken.getMessage());
                return new Outcome(Verdict.PASS, taken.getMessage());
            } catch (CaseError error) {
                transcript.add(Direction.EVENT, error.getMessage());
                return new Outcome(Verdict.ERROR, error.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Outcome(Verdict.ERROR, "the kit was interrupted while the case ran");
            } catch (UnboundVariableException e) {
                return new Outcome(Verdict.ERROR, "kit defect: " + e.getMessage() + " (loading should have refused "
                        + "the case)");
            } catch (RuntimeException e) {
                transcript.add(Direction.EVENT, "the kit failed: " + e);
                return new Outcome(Verdict.ERROR, "the kit failed: " + e);
            }
            return new Outcome(Verdict.PASS, "");
        }

        private void createDatabases() throws CaseError, InterruptedException {
            for (Map.Entry<String, String> database : databases.created().entrySet()) {
                HttpCall call = target.adminCall("PUT", "/" + database.getValue(), settings.requestTimeout());
                HttpTranscript.request(transcript, call, new RequestTemplate("PUT", call.path(), Map.of(),
                        Optional.empty(), Optional.empty(), Auth.ADMIN));
                HttpReply reply;
                try {
                    reply = target.send(call);
                } catch (EndpointUnreachableException e) {
                    throw unreachable(e);
                } catch (IOException e) {
                    throw neverAnswered("PUT /" + database.getValue() + " (creating the case's database "
                            + database.getKey() + ")", e);
                }
                answered = true;
                HttpTranscript.reply(transcript, reply);
                Optional<String> locked = Lockout.of(reply.status(), reply.body());
                if (locked.isPresent()) {
                    throw lockedOut(locked.get());
                }
                if (reply.status() != 201 && reply.status() != 202) {
                    throw new CaseError("the case's database " + database.getKey() + " could not be created: PUT /"
                            + database.getValue() + " answered " + reply.status() + " " + StepJudge.cut(reply.body())
                            .strip() + "; every step needs it");
                }
            }
        }

        /**
         * Sends the case's cleanup requests, whatever came of its steps, unless the endpoint stopped answering: each
         * one transcribed, none judged, none stopping the others.
         */
        private void cleanUp() {
            if (testCase.cleanup().isEmpty()) {
                return;
            }
            if (unusable) {
                transcript.add(Direction.EVENT, "no cleanup: the endpoint stopped answering");
                return;
            }
            for (RequestStep step : testCase.cleanup()) {
                String label = "cleanup " + step.index() + " (" + step.request().shown() + ")";
                try {
                    if (step.afterMillis() > 0) {
                        timer.sleep(step.afterMillis());
                    }
                    HttpCall call = renderer(step.request().to()).render(step.request(), bindings,
                            settings.requestTimeout());
                    HttpTranscript.request(transcript, call, step.request());
                    HttpTranscript.reply(transcript, recipient(step.request().to()).send(call));
                } catch (IOException | RuntimeException e) {
                    transcript.add(Direction.EVENT, label + " failed: " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    transcript.add(Direction.EVENT, "interrupted at " + label + "; no further cleanup");
                    return;
                }
            }
        }

        private void deleteDatabases() {
            if (unusable) {
                if (!databases.created().isEmpty() && answered) {
                    transcript.add(Direction.EVENT, "not deleting " + databases.toDelete() + ": the endpoint stopped "
                            + "answering");
                }
                return;
            }
            for (String database : databases.toDelete()) {
                HttpCall call = target.adminCall("DELETE", "/" + database, settings.requestTimeout());
                HttpTranscript.request(transcript, call, new RequestTemplate("DELETE", call.path(), Map.of(),
                        Optional.empty(), Optional.empty(), Auth.ADMIN));
                try {
                    HttpReply reply = target.send(call);
                    HttpTranscript.reply(transcript, reply);
                    if (reply.status() != 200 && reply.status() != 202 && reply.status() != 404) {
                        transcript.add(Direction.EVENT, "could not delete " + database + ": " + reply.status());
                    }
                } catch (IOException e) {
                    transcript.add(Direction.EVENT, "could not delete " + database + ": " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    transcript.add(Direction.EVENT, "interrupted while deleting " + database);
                    return;
                }
            }
        }

        /** Deletes the {@code _users} documents of the case's users that exist, unless the endpoint stopped answering. */
        private void deleteUsers() {
            if (unusable) {
                return;
            }
            for (String user : databases.users().values()) {
                String path = "/_users/" + Template.percentEncoded("org.couchdb.user:" + user);
                try {
                    HttpCall look = target.adminCall("GET", path, settings.requestTimeout());
                    HttpTranscript.request(transcript, look, new RequestTemplate("GET", look.path(), Map.of(),
                            Optional.empty(), Optional.empty(), Auth.ADMIN));
                    HttpReply found = target.send(look);
                    HttpTranscript.reply(transcript, found);
                    Optional<String> rev = found.status() == 200 ? WireJson.tryParse(found.body())
                            .map(doc -> doc.path("_rev").asText("")).filter(r -> !r.isEmpty()) : Optional.empty();
                    if (rev.isEmpty()) {
                        continue;
                    }
                    HttpCall delete = target.adminCall("DELETE", path + "?rev=" + Template.percentEncoded(rev.get()),
                            settings.requestTimeout());
                    HttpTranscript.request(transcript, delete, new RequestTemplate("DELETE", delete.path(), Map.of(),
                            Optional.empty(), Optional.empty(), Auth.ADMIN));
                    HttpReply deleted = target.send(delete);
                    HttpTranscript.reply(transcript, deleted);
                    if (deleted.status() != 200 && deleted.status() != 202) {
                        transcript.add(Direction.EVENT, "could not delete the user " + user + ": "
                                + deleted.status());
                    }
                } catch (IOException e) {
                    transcript.add(Direction.EVENT, "could not delete the user " + user + ": " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    transcript.add(Direction.EVENT, "interrupted while deleting the user " + user);
                    return;
                }
            }
        }

        private void request(RequestStep step, String label) throws StepFailure, CaseError, InterruptedException,
                AcceptedConflict {
            if (step.poll().isPresent()) {
                poll(step, label, step.poll().get(), false);
                return;
            }
            if (settings.shape().isCluster() && step.request().to() == Recipient.ENDPOINT
                    && ClusterReads.eventuallyConsistent(step.request().method(), step.request().path())) {
                poll(step, label, ClusterReads.POLL, true);
                return;
            }
            HttpReply reply = send(step, label, true);
            HttpTranscript.reply(transcript, reply);
            try {
                judge(step, label, reply);
            } catch (StepFailure failure) {
                if (settings.shape().isCluster() && step.request().to() == Recipient.ENDPOINT && lastCall != null) {
                    judgeTakenConflict(step, label, lastCall, reply, failure);
                }
                throw failure;
            }
            capture(step, label, reply);
        }

        /**
         * On a cluster, a write the step expects refused as a conflict that the cluster took instead
         * ({@link ClusterConflicts}): the case ends as passed when reading the document with {@code ?conflicts=true}
         * shows the write's revision as a conflict (the steps after it assume the refusal, and are not run); it fails
         * when that read never does. Returns when the reply is no such write, to let {@code failure} stand.
         */
        private void judgeTakenConflict(RequestStep step, String label, HttpCall call, HttpReply reply,
                StepFailure failure) throws StepFailure, AcceptedConflict, InterruptedException {
            if (reply.status() != 201 && reply.status() != 202) {
                return;
            }
            Optional<ClusterConflicts.Taken> single = refusesStatus(step, 409) ? Optional.empty()
                    : ClusterConflicts.single(call.method(), call.path(), reply.body());
            if (single.isPresent()) {
                ClusterConflicts.Taken taken = single.get();
                Optional<String> notShown = conflictNotShown(taken);
                if (notShown.isPresent()) {
                    throw new StepFailure(failure.getMessage() + "; a cluster may take a conflicting write, but GET "
                            + taken.conflictsRead() + " did not show revision " + taken.rev() + " as a conflict "
                            + "within " + ClusterReads.POLL.withinMillis() + " ms (last: " + notShown.get() + ")",
                            failure.expected(), failure.actual());
                }
                throw new AcceptedConflict(label + ": the cluster took this write, which one node refuses with 409 "
                        + "(answered " + reply.status() + ": a copy without the latest revision took it), and GET "
                        + taken.conflictsRead() + " shows revision " + taken.rev() + " as a conflict, as CouchDB "
                        + "documents; the steps after it assume the refusal and were not run");
            }
            List<ClusterConflicts.Taken> accepted = call.method().equals("POST")
                    ? ClusterConflicts.acceptedRows(call.path(), reply.body()) : List.of();
            List<ClusterConflicts.Taken> conflicts = new ArrayList<>();
            for (ClusterConflicts.Taken row : accepted) {
                if (conflictNotShown(row).isEmpty()) {
                    conflicts.add(row);
                }
            }
            if (conflicts.isEmpty()) {
                return;
            }
            HttpReply asRefused = new HttpReply(reply.status(), reply.headers(),
                    ClusterConflicts.withConflictRows(reply.body(), conflicts), reply.incomplete(), reply.setAside());
            try {
                judge(step, label, asRefused);
            } catch (StepFailure stillWrong) {
                return;
            }
            throw new AcceptedConflict(label + ": the cluster took " + conflicts.size() + " of these writes, which "
                    + "one node refuses as conflicts (accepted rows: a copy without the latest revision took them), "
                    + "and ?conflicts=true shows " + (conflicts.size() == 1 ? "its revision" : "their revisions")
                    + " as conflicts, as CouchDB documents; judged as refused, the rows are as expected; the steps "
                    + "after it assume the refusal and were not run");
        }

        /**
         * Reads {@code taken}'s document with {@code ?conflicts=true} every {@link ClusterReads#POLL} until its
         * revision shows as a conflict (internal replication brings a copy's branch to the others): empty then, else
         * what the last read showed.
         */
        private Optional<String> conflictNotShown(ClusterConflicts.Taken taken) throws InterruptedException {
            long first = timer.millis();
            String last = "no answer";
            for (int attempt = 1;; attempt++) {
                long sentAt = timer.millis();
                try {
                    HttpReply read = target.send(target.adminCall("GET", taken.conflictsRead(),
                            settings.requestTimeout()));
                    last = read.status() + " " + StepJudge.cut(read.body()).strip();
                    Optional<JsonNode> document = read.status() == 200 ? WireJson.tryParse(read.body())
                            : Optional.empty();
                    if (document.isPresent() && ClusterConflicts.showsConflict(document.get(), taken.rev())) {
                        transcript.add(Direction.EVENT, "cluster: GET " + taken.conflictsRead() + " shows revision "
                                + taken.rev() + " as a conflict at attempt " + attempt + ": " + last);
                        return Optional.empty();
                    }
                } catch (IOException e) {
                    last = "no answer: " + e.getMessage();
                }
                long next = sentAt + ClusterReads.POLL.everyMillis();
                if (next - first > ClusterReads.POLL.withinMillis()) {
                    transcript.add(Direction.EVENT, "cluster: GET " + taken.conflictsRead() + " did not show revision "
                            + taken.rev() + " as a conflict in " + attempt + " attempts: " + last);
                    return Optional.of(last);
                }
                timer.sleep(Math.max(1, next - timer.millis()));
            }
        }

        /**
         * A polling step: sent every {@code every} ms (from one sending to the next) until its expectation holds; an
         * attempt that would be sent more than {@code within} ms after the first is not, and the step fails with the
         * last reply's mismatch. The transcript keeps the first request, the first and the last reply in full, and a
         * line for each attempt in between. A missing reply fails the step at once, as for any step. A {@code cluster}
         * poll is the kit's own, for a read of what a cluster's copies share only eventually ({@link ClusterReads}):
         * its messages say so.
         */
        private void poll(RequestStep step, String label, Poll poll, boolean cluster) throws StepFailure, CaseError,
                InterruptedException {
            String pace = cluster ? "a cluster's copies catch up after a write: read again every " + poll.everyMillis()
                    + " ms within " + poll.withinMillis() + " ms" : "poll every " + poll.everyMillis() + " ms within "
                    + poll.withinMillis() + " ms";
            long first = timer.millis();
            HttpReply previous = null;
            for (int attempt = 1;; attempt++) {
                long sentAt = timer.millis();
                HttpReply reply = send(step, label, attempt == 1);
                StepFailure failure = null;
                try {
                    judge(step, label, reply);
                    if (cluster) {
                        // a copy that lags may answer as expected yet without what a capture takes (a row's seq)
                        capture(step, label, reply);
                    }
                } catch (StepFailure f) {
                    failure = f;
                }
                long next = sentAt + poll.everyMillis();
                boolean settled = failure != null && previous != null && reply.status() == previous.status()
                        && reply.body().equals(previous.body())
                        && (FinalAnswers.isFinal(reply.status()) && refusesStatus(step, reply.status())
                                || failure.shape());
                previous = reply;
                boolean last = failure == null || settled || next - first > poll.withinMillis();
                if (attempt == 1 || last) {
                    HttpTranscript.reply(transcript, reply);
                }
                if (settled) {
                    String why = failure.shape() ? "its shape is not the one expected" : "it refuses the request";
                    transcript.add(Direction.EVENT, "poll: the same " + reply.status() + " at attempts " + (attempt - 1)
                            + " and " + attempt + ", and " + why + ": waiting does not change that; no more attempts");
                    throw new StepFailure(label + ": not as expected, and the answer will not change: "
                            + reply.status() + " twice in a row, the same body (" + StepJudge.cut(reply.body()).strip()
                            + "), and " + why + "; " + detail(label, failure), failure.expected(), failure.actual());
                }
                if (failure == null) {
                    transcript.add(Direction.EVENT, "poll: as expected at attempt " + attempt + ", "
                            + (sentAt - first) + " ms after the first");
                    if (!cluster) {
                        capture(step, label, reply);
                    }
                    return;
                }
                if (last) {
                    transcript.add(Direction.EVENT, "poll: gave up after attempt " + attempt + ", " + (sentAt - first)
                            + " ms after the first (" + pace + ")");
                    throw new StepFailure(label + ": not as expected after " + attempt + (attempt == 1 ? " attempt"
                            : " attempts") + " in " + (sentAt - first) + " ms (" + pace + "); the last: "
                            + detail(label, failure), failure.expected(), failure.actual());
                }
                transcript.add(Direction.EVENT, "poll attempt " + attempt + " (+" + (sentAt - first) + " ms): "
                        + reply.status() + ", " + detail(label, failure));
                long wait = next - timer.millis();
                if (wait > 0) {
                    timer.sleep(wait);
                }
            }
        }

        /** Whether the step's expected status refuses {@code status}. */
        private boolean refusesStatus(RequestStep step, int status) {
            if (step.expect().status().isEmpty()) {
                return false;
            }
            try {
                StepJudge.value("", "status", step.expect().status().get(), Optional.of(IntNode.valueOf(status)),
                        bindings, "", bindings.scope());
                return false;
            } catch (StepFailure refused) {
                return true;
            }
        }

        /** A failure's message without the step's label in front. */
        private String detail(String label, StepFailure failure) {
            String message = failure.getMessage();
            return message.startsWith(label + ": ") ? message.substring(label.length() + 2) : message;
        }

        /** Sends the step's request (into the transcript when {@code shown}) and returns the reply, not yet shown. */
        private HttpReply send(RequestStep step, String label, boolean shown) throws StepFailure, CaseError,
                InterruptedException {
            Recipient to = step.request().to();
            HttpCall call = renderer(to).render(step.request(), bindings, step.timeout(settings.requestTimeout()));
            lastCall = call;
            if (to == Recipient.ENDPOINT && settings.shape().isCluster()) {
                settleBefore(call, ClusterWrites.mayBeAccepted(call.method(), call.path()) ? settle.before(call)
                        : settle.beforeRead(call));
            }
            if (shown) {
                HttpTranscript.request(transcript, call, step.request());
            }
            HttpReply reply;
            try {
                reply = to == Recipient.ENDPOINT ? judgedAsItComes(call, step) : recipient(to).send(call);
            } catch (IOException e) {
                if (to != Recipient.ENDPOINT) {
                    throw new CaseError("the kit's " + to.id() + " did not answer " + label + ": " + e.getMessage(),
                            e);
                }
                if (e instanceof EndpointUnreachableException unreachable) {
                    throw unreachable(unreachable);
                }
                if (!shown) {
                    HttpTranscript.request(transcript, call, step.request());
                }
                throw noReply(label, e.getMessage(), e);
            }
            if (to != Recipient.ENDPOINT) {
                return reply;
            }
            answered = true;
            if (settings.shape().isCluster()) {
                settle.written(call, reply);
            }
            Optional<String> locked = step.request().auth().kind() == Auth.Kind.ADMIN
                    ? Lockout.of(reply.status(), reply.body()) : Optional.empty();
            if (locked.isPresent()) {
                if (!shown) {
                    HttpTranscript.request(transcript, call, step.request());
                }
                HttpTranscript.reply(transcript, reply);
                throw lockedOut(locked.get());
            }
            return reply;
        }

        /**
         * On a cluster, reads each document of {@code due} (what {@code call} depends on) with r = n first, so that
         * every copy has it ({@link ClusterSettle}); what came of each read is a line of the transcript, not judged.
         */
        private void settleBefore(HttpCall call, List<String> due) throws InterruptedException {
            int copies = settings.shape().n().orElse(settings.shape().nodes());
            String which = ClusterWrites.mayBeAccepted(call.method(), call.path()) ? "this write"
                    : call.path().contains("feed=") ? "this feed" : "this read";
            for (String path : due) {
                String read = path + "?r=" + copies;
                try {
                    HttpReply reply = target.send(target.adminCall("GET", read, settings.requestTimeout()));
                    transcript.add(Direction.EVENT, "cluster: GET " + read + " answered " + reply.status()
                            + " (every copy gets what " + which + " depends on first: fabric_doc_open reads all "
                            + copies + " and repairs a copy that lacks it)");
                } catch (IOException e) {
                    transcript.add(Direction.EVENT, "cluster: GET " + read + " failed: " + e.getMessage());
                }
            }
        }

        /** The endpoint's reply to {@code call}; a body after a status the step refuses is not waited for long. */
        private HttpReply judgedAsItComes(HttpCall call, RequestStep step) throws IOException, InterruptedException {
            return target.send(call, head -> refusesStatus(step, head.status()));
        }

        /** Where requests to {@code to} go: the endpoint, or the stand-in the run's externals give. */
        private StandIn recipient(Recipient to) {
            return switch (to) {
                case ENDPOINT -> target::send;
                case BACKEND -> settings.externals().backend().orElseThrow(() -> new IllegalStateException(
                        "a case that needs " + Externals.BACKEND + " ran without it"));
                case INI -> settings.externals().ini().orElseThrow(() -> new IllegalStateException(
                        "a case that needs " + Externals.INI + " ran without it"));
            };
        }

        /** The endpoint's admin signs requests to the endpoint only. */
        private CallRenderer renderer(Recipient to) {
            return to == Recipient.ENDPOINT ? calls : STAND_IN_CALLS;
        }

        /** The admin is locked out: this case, and the run's cases after it, end as ERROR. */
        private CaseError lockedOut(String why) {
            lockedOut.compareAndSet(null, why);
            unusable = true;
            return new CaseError(why);
        }

        private void judge(RequestStep step, String label, HttpReply reply) throws StepFailure {
            StepJudge.reply(label, step.expect(), committed(step, reply), bindings).forEach((name, value) ->
                    transcript.add(Direction.EVENT, "{{" + name + "}} = " + WireJson.write(value)));
        }

        /**
         * {@code reply} as the step judges it: on a cluster, a write's 202 Accepted where the step expects 201 (or
         * 200) is judged as that status ({@link ClusterWrites}), saying so in the transcript.
         */
        private HttpReply committed(RequestStep step, HttpReply reply) {
            if (!settings.shape().isCluster() || reply.status() != 202 || step.request().to() != Recipient.ENDPOINT
                    || !ClusterWrites.mayBeAccepted(step.request().method(), step.request().path())
                    || !refusesStatus(step, 202)) {
                return reply;
            }
            int status = !refusesStatus(step, 201) ? 201 : !refusesStatus(step, 200) ? 200 : 202;
            if (status == 202) {
                return reply;
            }
            transcript.add(Direction.EVENT, "202 Accepted from a cluster: fewer than w copies confirmed the write in "
                    + "time, and it stays (CouchDB documents 202 for it); judged as " + status);
            return new HttpReply(status, reply.headers(), ClusterWrites.withoutAcceptedMarks(reply.body()),
                    reply.incomplete(), reply.setAside());
        }

        private void capture(RequestStep step, String label, HttpReply reply) throws StepFailure {
            for (Map.Entry<String, String> capture : step.capture().entrySet()) {
                JsonNode body = captureBody(label, capture.getKey(), reply.body());
                bind(label, capture.getKey(), capture.getValue(), body, "the body");
            }
            for (Map.Entry<String, String> capture : step.captureHeaders().entrySet()) {
                Optional<String> value = reply.headers().firstValue(capture.getValue());
                if (value.isEmpty()) {
                    throw new StepFailure(label + ": capture " + capture.getKey() + ": no header " + capture.getValue()
                            + " in the reply", "header " + capture.getValue(), "(missing)");
                }
                bindings.bind(capture.getKey(), TextNode.valueOf(value.get()));
                transcript.add(Direction.EVENT, "{{" + capture.getKey() + "}} = " + value.get());
            }
        }

        private JsonNode captureBody(String label, String name, String body) throws StepFailure {
            try {
                return WireJson.parse(body);
            } catch (MalformedLineException e) {
                throw new StepFailure(label + ": capture " + name + ": the body is not JSON: " + StepJudge.cut(body),
                        "a JSON body", body);
            }
        }

        private void bind(String label, String name, String pointer, JsonNode source, String what)
                throws StepFailure {
            JsonNode value = source.at(pointer);
            if (value.isMissingNode()) {
                throw new StepFailure(label + ": capture " + name + ": nothing at " + pointer + " in " + what,
                        pointer, StepJudge.cut(source.toString()));
            }
            bindings.bind(name, value);
            transcript.add(Direction.EVENT, "{{" + name + "}} = " + WireJson.write(value));
        }

        private void feed(FeedStep step, String label) throws StepFailure, CaseError, InterruptedException,
                AcceptedConflict {
            Duration within = step.until().withinMillis().isPresent()
                    ? Duration.ofMillis(step.until().withinMillis().getAsLong()) : settings.feedBound();
            HttpCall call = calls.render(step.request(), bindings, within);
            if (settings.shape().isCluster()) {
                settleBefore(call, settle.beforeFeed(call));
            }
            HttpTranscript.request(transcript, call, step.request());
            Instant sentAt = Instant.now();
            ResponseHead head;
            FeedResult result;
            try (FeedConnection connection = target.open(call)) {
                Optional<ResponseHead> arrived;
                try {
                    arrived = connection.awaitHead(sentAt.plus(within));
                } catch (EndpointUnreachableException e) {
                    throw unreachable(e);
                } catch (IOException e) {
                    throw noReply(label, e.getMessage(), e);
                }
                if (arrived.isEmpty()) {
                    throw noReply(label, "no response within " + within.toMillis() + " ms", null);
                }
                head = arrived.get();
                answered = true;
                HttpTranscript.head(transcript, head);
                FeedReader reader = new FeedReader(connection, step.kind(), step.until().events(), sentAt, within,
                        transcript);
                Future<FeedResult> reading = threads.submit(reader::read);
                for (RequestStep during : step.during()) {
                    sleepUntil(head.at().plusMillis(during.afterMillis()));
                    request(during, label + ", during " + during.index());
                }
                result = awaitReader(reading, sentAt.plus(within), connection);
            }
            StepJudge.feed(label, step.expect(), head, result, bindings).forEach((name, value) -> transcript.add(
                    Direction.EVENT, "{{" + name + "}} = " + WireJson.write(value)));
            if (!step.capture().isEmpty()) {
                ObjectNode view = JsonNodeFactory.instance.objectNode();
                view.set("status", IntNode.valueOf(head.status()));
                result.events().ifPresent(events -> view.set("events", events));
                view.set("heartbeats", IntNode.valueOf(result.heartbeats()));
                result.lastSeq().ifPresent(seq -> view.set("lastSeq", seq));
                result.lastLine().ifPresent(line -> view.set("lastLine", line));
                result.body().ifPresent(body -> view.set("body", body));
                for (Map.Entry<String, String> capture : step.capture().entrySet()) {
                    bind(label, capture.getKey(), capture.getValue(), view, "what the feed delivered");
                }
            }
        }

        /** The reader's result once it stopped; it stops by the deadline, or when the connection is closed. */
        private FeedResult awaitReader(Future<FeedResult> reading, Instant deadline, FeedConnection connection)
                throws CaseError, InterruptedException {
            try {
                try {
                    return reading.get(millisUntil(deadline) + READER_GRACE_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    connection.close();
                    return reading.get(READER_GRACE_MILLIS, TimeUnit.MILLISECONDS);
                }
            } catch (TimeoutException e) {
                throw new CaseError("kit defect: the feed reader did not stop after its bound and the feed's close");
            } catch (ExecutionException e) {
                throw new CaseError("the kit failed reading the feed: " + e.getCause(), e.getCause());
            }
        }

        private void sleepUntil(Instant when) throws InterruptedException {
            long millis = millisUntil(when);
            if (millis > 0) {
                Thread.sleep(millis);
            }
        }

        private CaseError unreachable(EndpointUnreachableException e) {
            unusable = true;
            return new CaseError("the endpoint " + target.baseUri() + " is unreachable: " + e.getMessage(), e);
        }

        private CaseError neverAnswered(String request, IOException e) {
            unusable = true;
            return new CaseError("the endpoint " + target.baseUri() + " never answered the case's first request, "
                    + request + ": " + e.getMessage(), e);
        }

        /**
         * No reply where one was due: the server's wrong answer, to throw; unless it never answered anything in this
         * case, which leaves nothing to judge.
         */
        private StepFailure noReply(String label, String why, IOException e) throws CaseError {
            if (!answered) {
                throw neverAnswered(label, e == null ? new NoReplyException(why) : e);
            }
            return new StepFailure(label + ": no reply: " + why, "a reply", "(no reply)");
        }

        private String label(HttpStep step) {
            return "step " + step.index() + " (" + step.request().shown() + ")";
        }
    }

    private static long millisUntil(Instant when) {
        return Math.max(0, Duration.between(Instant.now(), when).toMillis());
    }
}
