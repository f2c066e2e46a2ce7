package org.couchtck.kit.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.SlowJudgement;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.EndpointShape;
import org.couchtck.kit.endpoint.EndpointSpec;
import org.couchtck.kit.endpoint.EndpointStartException;
import org.couchtck.kit.endpoint.EndpointWatch;
import org.couchtck.kit.endpoint.Outage;
import org.couchtck.kit.report.EndpointOutage;
import org.couchtck.kit.endpoint.RequestOwner;
import org.couchtck.kit.endpoint.Externals;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.endpoint.HttpCaseExecutor;
import org.couchtck.kit.endpoint.HttpRunSettings;
import org.couchtck.kit.endpoint.HttpStep;
import org.couchtck.kit.endpoint.FeedStep;
import org.couchtck.kit.endpoint.Poll;
import org.couchtck.kit.endpoint.RequestStep;
import org.couchtck.kit.endpoint.Leftovers;
import org.couchtck.kit.endpoint.RunningEndpoint;
import org.couchtck.kit.endpoint.generated.FeedSuiteRunner;
import org.couchtck.kit.endpoint.generated.FeedSuites;
import org.couchtck.kit.endpoint.generated.GeneratedHttpSuites;
import org.couchtck.kit.endpoint.generated.ProxySuiteRunner;
import org.couchtck.kit.endpoint.generated.ProxySuites;
import org.couchtck.kit.endpoint.generated.ViewSuiteRunner;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;

/**
 * The HTTP suite of one run: the endpoint it talks to, and its cases running several at a time from the moment the
 * run starts. Every case works in databases of its own, so running them together is what a shared server
 * sees anyway; what they check does not depend on each other.
 */
final class HttpSuiteRun implements AutoCloseable {

    // Most cases spend their time waiting (heartbeats, timeouts, ken's delays), so many overlap their waits: on a
    // loaded 2-core machine the README's main job took 51.5 s with eight against 69 s with four; on a quiet one the
    // HTTP suite against the embedded reference took 37 s with sixteen against 45 s with eight. Another server gets
    // eight, as in every run against CouchDB 3.5.2 before: with sixteen, a full run once met a 500 enoent from a
    // view index under the load.
    static final int PARALLEL = Integer.getInteger("couchtck.httpParallel", 8);
    static final int PARALLEL_ON_THE_REFERENCE = Integer.getInteger("couchtck.httpParallel", 16);

    private final SuiteDescriptor suite;
    private final RunningEndpoint endpoint;
    /**
     * The corpus cases' threads, then the lane of the Externals API cases, then the lane of quiet cases, then the
     * lane of the cases that run alone at the end.
     */
    private final List<ExecutorService> threads;
    private final List<Future<CaseResult>> results = new ArrayList<>();
    private final CaseAttempts attempts;
    /** Deletes what the run left on a server it shares, once it ends; nothing for the reference. */
    private final Runnable sweep;
    private final EndpointShape shape;

    private HttpSuiteRun(SuiteDescriptor suite, RunningEndpoint endpoint, List<ExecutorService> threads,
            CaseAttempts attempts, Runnable sweep, EndpointShape shape) {
        this.suite = suite;
        this.endpoint = endpoint;
        this.threads = threads;
        this.attempts = attempts;
        this.sweep = sweep;
        this.shape = shape;
    }

    /** What the endpoint is, as the run found it: "cluster of 3 nodes, n = 3, q = 2, no _global_changes". */
    EndpointShape shape() {
        return shape;
    }

    /**
     * Has the endpoint and starts every case of {@code suite}; an endpoint that cannot be had makes each case ERROR.
     * The generated cases (feeds and views) run with {@code generation}'s seed and its budget of the generated HTTP
     * suites, {@link GenerationSettings#feedBudget()} (the defaults' with seed 0 when a run has none, which only a
     * selection by unique id can ask for).
     */
    static HttpSuiteRun start(SuiteDescriptor suite, RunConfiguration config,
            Optional<GenerationSettings> generation) {
        ExecutorService pool = daemonThreads(onTheReference(config) ? PARALLEL_ON_THE_REFERENCE : PARALLEL,
                "couchtck-http-case-");
        ExecutorService externalsLane = daemonThreads(1, "couchtck-http-externals-case-");
        ExecutorService quietLane = daemonThreads(1, "couchtck-http-quiet-case-");
        ExecutorService aloneLane = daemonThreads(1, "couchtck-http-alone-case-");
        RunningEndpoint endpoint = null;
        String unavailable = null;
        try {
            endpoint = RunningEndpoint.start(config.endpointSpec(), config.timeout(), config.startTimeout(),
                    needsExternals(suite));
        } catch (EndpointStartException | IllegalArgumentException e) {
            unavailable = "the endpoint could not be had: " + e.getMessage();
        }
        CaseAttempts attempts = new CaseAttempts(endpoint == null ? EndpointWatch.NONE : endpoint.watch());
        String runId = Leftovers.runId(Instant.now(), ThreadLocalRandom.current()
                .nextInt());
        Runnable sweep = () -> { };
        if (endpoint != null && !(config.endpointSpec() instanceof EndpointSpec.Reference)) {
            Leftovers leftovers = new Leftovers(endpoint.target(), config.timeout().multipliedBy(2));
            try {
                leftovers.sweep(Instant.now());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sweep = () -> {
                try {
                    leftovers.sweepRun(runId);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
        }
        EndpointShape shape = EndpointShape.SINGLE_NODE;
        if (endpoint != null) {
            try {
                shape = EndpointShape.probe(endpoint.target(), Leftovers.probeDatabase(runId),
                        config.timeout().multipliedBy(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        HttpSuiteRun run = new HttpSuiteRun(suite, endpoint, List.of(pool, externalsLane, quietLane, aloneLane),
                attempts, sweep, shape);
        Duration requestTimeout = config.timeout().multipliedBy(2);
        HttpRunSettings settingsOfCases = endpoint == null ? null : HttpRunSettings.of(runId)
                .withRequestTimeout(requestTimeout)
                .withProfile(config.profile())
                .withExternals(endpoint.externals())
                .withWatch(endpoint.watch())
                .withShape(shape);
        HttpCaseExecutor executor = endpoint == null ? null
                : new HttpCaseExecutor(endpoint.target(), settingsOfCases);
        // a case whose reply did not come in time is judged again, alone, with larger bounds (SlowJudgement)
        HttpCaseExecutor patient = endpoint == null ? null
                : new HttpCaseExecutor(endpoint.target(), settingsOfCases
                        .withRequestTimeout(requestTimeout.multipliedBy(SlowJudgement.SCALE))
                        .withFeedBound(settingsOfCases.feedBound().multipliedBy(SlowJudgement.SCALE)));
        GenerationSettings settings = generation.orElseGet(() -> GenerationSettings.withSeed(0));
        FeedSuiteRunner feeds = endpoint == null ? null
                : new FeedSuiteRunner(endpoint.target(), runId, requestTimeout, settings.seed(),
                        settings.feedBudget(), replayOptions(config), shape);
        ProxySuiteRunner proxies = endpoint == null ? null
                : new ProxySuiteRunner(endpoint.target(), endpoint.externals(), requestTimeout, settings.seed(),
                        settings.feedBudget(), replayOptions(config));
        ViewSuiteRunner views = endpoint == null ? null
                : new ViewSuiteRunner(endpoint.target(), runId, requestTimeout, settings.seed(),
                        settings.feedBudget(), replayOptions(config), shape);
        // Four phases:
        // 0. the corpus cases, several at a time from the start, those that use the Externals API first (phase 1
        //    waits for them);
        // 1. on a lane of their own, one at a time: the cases that need the Externals API to themselves (they
        //    restart, stop or halt daemons, rewrite the ini) and the generated proxy case, once the phase-0 cases
        //    that use the Externals API ended, while the others go on;
        // 2. on another lane, one at a time: the cases that need a quiet server (a /_db_updates feed that must fall
        //    silent), once the phase-0 cases ended;
        // 3. then on that lane (so after the phase-2 cases) the generated feed and view cases: their workloads create
        //    and delete databases at a rate that moves /_db_updates, and their bounds are kept best on an endpoint
        //    that is not busy with other cases.
        // A lane waits only for phase-0 cases, which wait for nothing: no case can hold a thread another needs.
        // 4. last, on a lane of its own, one at a time with nothing else running: the cases whose runs beside others
        //    the endpoint's outages ended (CaseAttempts), so that an outage now is known to be the case's doing.
        List<Future<Optional<CaseResult>>> busy = new CopyOnWriteArrayList<>();
        List<Future<Optional<CaseResult>>> usingExternals = new CopyOnWriteArrayList<>();
        List<Future<Optional<CaseResult>>> everyLane = new ArrayList<>();
        Map<TestDescriptor, CompletableFuture<CaseResult>> byCase = new HashMap<>();
        Map<TestDescriptor, Future<Optional<CaseResult>>> besideOthers = new HashMap<>();
        List<TestDescriptor> all = new ArrayList<>();
        suite.getChildren().forEach(section -> all.addAll(section.getChildren()));
        // Within phase 0, the cases that may wait longest go first, so that none of them starts last.
        List<TestDescriptor> submitOrder = new ArrayList<>(all);
        submitOrder.sort(Comparator.<TestDescriptor>comparingInt(child -> submitRank(((HttpCaseDescriptor) child)
                .testCase())).thenComparing(child -> -waitBound(((HttpCaseDescriptor) child).testCase())));
        for (TestDescriptor child : submitOrder) {
            HttpCase testCase = ((HttpCaseDescriptor) child).testCase();
            int casePhase = phase(testCase);
            String reason = unavailable;
            ExecutorService lane = casePhase == 0 ? pool : casePhase == 1 ? externalsLane : quietLane;
            Supplier<CaseResult> once = () -> owned(testCase, () -> {
                if (ProxySuites.isGenerated(testCase)) {
                    return proxies.run(testCase);
                }
                if (casePhase < 3) {
                    return executor.run(testCase);
                }
                return unmet(testCase, run.shape()).orElseGet(() -> FeedSuites.isGenerated(testCase)
                        ? feeds.run(testCase) : views.run(testCase));
            });
            Future<Optional<CaseResult>> result = lane.submit(() -> {
                if (executor == null) {
                    return Optional.of(error(testCase, reason));
                }
                if (casePhase > 0 && !awaitAll(casePhase == 1 ? usingExternals : busy)) {
                    return Optional.of(error(testCase, "interrupted before the case started"));
                }
                return attempts.besideOthers(testCase, once);
            });
            if (casePhase == 0) {
                busy.add(result);
                if (usesExternals(testCase)) {
                    usingExternals.add(result);
                }
            }
            everyLane.add(result);
            besideOthers.put(child, result);
            byCase.put(child, new CompletableFuture<>());
        }
        // The lane of the cases that run alone starts once every other case ended, and completes every case's result.
        AtomicInteger judgedAgain = new AtomicInteger();
        aloneLane.submit(() -> {
            awaitAll(everyLane);
            for (TestDescriptor child : submitOrder) {
                HttpCase testCase = ((HttpCaseDescriptor) child).testCase();
                CompletableFuture<CaseResult> done = byCase.get(child);
                try {
                    Optional<CaseResult> result = besideOthers.get(child).get();
                    CaseResult judged = result.isPresent() ? result.get() : attempts.alone(testCase, () -> owned(
                            testCase, () -> phase(testCase) < 3 && !ProxySuites.isGenerated(testCase)
                                    ? executor.run(testCase)
                                    : ProxySuites.isGenerated(testCase) ? proxies.run(testCase)
                                    : unmet(testCase, run.shape()).orElseGet(() -> FeedSuites.isGenerated(testCase)
                                            ? feeds.run(testCase) : views.run(testCase))));
                    if (patient != null && phase(testCase) < 3 && !ProxySuites.isGenerated(testCase)
                            && SlowJudgement.ranOutOfTime(judged) && !attempts.metOutage(testCase)
                            && judgedAgain.getAndIncrement() < SlowJudgement.MAX_AGAIN) {
                        judged = SlowJudgement.combine(judged, attempts.alone(testCase, () -> owned(testCase,
                                () -> patient.run(testCase))));
                    }
                    done.complete(judged);
                } catch (ExecutionException e) {
                    done.complete(error(testCase, "internal error of the kit: " + e.getCause()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    done.complete(error(testCase, "interrupted before the case finished"));
                } catch (RuntimeException e) {
                    done.complete(error(testCase, "internal error of the kit: " + e));
                }
            }
        });
        all.forEach(child -> run.results.add(byCase.get(child)));
        return run;
    }

    /** One run of {@code testCase}: its requests owned by it, any failure of the kit's an ERROR. */
    private static CaseResult owned(HttpCase testCase, Supplier<CaseResult> run) {
        return CouchTckTestEngine.guarded(testCase.id(), testCase.section(), testCase.level(),
                testCase.description(), testCase.spec(), () -> {
                    try {
                        return RequestOwner.call(testCase.id(), run::get);
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
    }

    private static boolean onTheReference(RunConfiguration config) {
        try {
            return config.endpointSpec() instanceof EndpointSpec.Reference;
        } catch (IllegalArgumentException e) {
            return false; // every case says so, see start
        }
    }

    private static ExecutorService daemonThreads(int count, String namePrefix) {
        AtomicInteger made = new AtomicInteger();
        return Executors.newFixedThreadPool(count, task -> {
            Thread thread = new Thread(task, namePrefix + made.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The phase {@code testCase} runs in (see {@link #start}). */
    private static int phase(HttpCase testCase) {
        if (ProxySuites.isGenerated(testCase)) {
            return 1;
        }
        if (GeneratedHttpSuites.isGenerated(testCase)) {
            return 3;
        }
        return switch (testCase.quiet()) {
            case NONE -> 0;
            case EXTERNALS -> 1;
            case SERVER -> 2;
        };
    }

    /**
     * The order cases are submitted in: phase by phase, and in phase 0 the cases that use the Externals API first
     * (the Externals API lane waits for them).
     */
    private static int submitRank(HttpCase testCase) {
        int phase = phase(testCase);
        return phase > 0 ? phase + 1 : usesExternals(testCase) ? 0 : 1;
    }

    /** The longest {@code testCase}'s steps may wait by their own bounds: delays, polls and feeds. */
    static long waitBound(HttpCase testCase) {
        long bound = 0;
        for (HttpStep step : testCase.steps()) {
            if (step instanceof RequestStep request) {
                bound += request.afterMillis() + request.poll().map(Poll::withinMillis).orElse(0L);
            } else if (step instanceof FeedStep feed) {
                bound += feed.until().withinMillis().orElse(0)
                        + feed.during().stream().mapToLong(RequestStep::afterMillis).sum();
            }
        }
        return bound;
    }

    private static boolean usesExternals(HttpCase testCase) {
        return testCase.capabilities().stream().anyMatch(Externals.FEATURES::contains);
    }

    /**
     * Whether a case of {@code suite} needs something of the Externals API (a feature {@code externals.*}, or the
     * generated proxy case): only then does the run set up the kit's backend and the reference's daemons.
     */
    static boolean needsExternals(SuiteDescriptor suite) {
        return suite.getChildren().stream().flatMap(section -> section.getChildren().stream())
                .map(child -> ((HttpCaseDescriptor) child).testCase())
                .anyMatch(c -> ProxySuites.isGenerated(c) || usesExternals(c));
    }

    /** Waits until every one of {@code cases} ended, however; false when interrupted. */
    private static boolean awaitAll(List<Future<Optional<CaseResult>>> cases) {
        for (Future<Optional<CaseResult>> c : List.copyOf(cases)) {
            try {
                c.get();
            } catch (ExecutionException e) {
                // its own result says so
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /**
     * What {@code couchtck replay} needs after {@code --seed S} to reach the run's endpoint: nothing for the reference
     * endpoint, else its URL without credentials and, when it has an admin, a {@code --user} to fill in.
     */
    static String replayOptions(RunConfiguration config) {
        EndpointSpec spec = config.endpointSpec();
        if (spec instanceof EndpointSpec.Reference) {
            return "";
        }
        if (spec instanceof EndpointSpec.Url url) {
            return "--endpoint " + url.describe() + url.admin().map(a -> " --user " + a.user() + ":PASSWORD")
                    .orElse("");
        }
        if (spec instanceof EndpointSpec.Command command) {
            return "--endpoint-command '" + command.command().replace("'", "'\\''") + "'"
                    + command.url().map(u -> " --endpoint " + new EndpointSpec.Url(u, Optional.empty()).describe())
                            .orElse("")
                    + command.admin().map(a -> " --user " + a.user() + ":PASSWORD").orElse("");
        }
        return "--endpoint " + spec.describe();
    }

    /**
     * The times the endpoint went away, each with its cause where a case made it happen again alone; once every case
     * was reported.
     */
    List<EndpointOutage> outages() {
        if (endpoint == null) {
            return List.of();
        }
        List<Outage> all = endpoint.watch().outagesAfter(0);
        Map<String, Integer> causedAlone = new HashMap<>();
        all.forEach(outage -> attempts.causeOf(outage.number()).ifPresent(id -> causedAlone.putIfAbsent(id,
                outage.number())));
        List<EndpointOutage> found = new ArrayList<>();
        for (Outage outage : all) {
            Optional<String> alone = attempts.causeOf(outage.number());
            List<String> traced = outage.suspects().stream().filter(causedAlone::containsKey).toList();
            List<String> causes;
            String finding;
            if (alone.isPresent()) {
                causes = List.of(alone.get());
                finding = "it went away again while this case ran alone";
            } else if (traced.size() == 1) {
                causes = traced;
                finding = "of the cases with a request in flight, this one made it go away alone (outage "
                        + causedAlone.get(traced.get(0)) + ")";
            } else if (!traced.isEmpty()) {
                causes = traced;
                finding = "one of these, in flight together, each made it go away alone";
            } else if (outage.suspects().isEmpty()) {
                causes = List.of();
                finding = "no case had a request in flight";
            } else {
                causes = List.of();
                finding = "the cases in flight ran again without an outage: " + String.join(", ",
                        outage.suspects());
            }
            List<String> inFlight = outage.inFlight().stream().map(request -> request.owner().orElse("(the kit)")
                    + ": " + request.request()).toList();
            found.add(new EndpointOutage(outage.number(), outage.at(), outage.what(), outage.lastStderrLines(20),
                    inFlight, causes, finding));
        }
        return found;
    }

    /** Reports every case in order, waiting for each as needed. */
    void report(Baseline baseline, Consumer<CaseResult> sink, EngineExecutionListener listener) {
        int next = 0;
        for (TestDescriptor section : suite.getChildren()) {
            listener.executionStarted(section);
            for (TestDescriptor child : section.getChildren()) {
                CaseResult result = await(results.get(next++), ((HttpCaseDescriptor) child).testCase());
                if (result.verdict() == Verdict.NA) {
                    sink.accept(result);
                    listener.executionSkipped(child, result.message());
                    continue;
                }
                listener.executionStarted(child);
                CouchTckTestEngine.report(child, baseline.apply(result), sink, listener);
            }
            listener.executionFinished(section, TestExecutionResult.successful());
        }
    }

    private static CaseResult await(Future<CaseResult> future, HttpCase testCase) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return error(testCase, "interrupted before the case finished");
        } catch (ExecutionException e) {
            return error(testCase, "internal error of the kit: " + e.getCause());
        }
    }

    /** NA for a generated case that needs what the endpoint lacks (corpus cases are judged so by the executor). */
    private static Optional<CaseResult> unmet(HttpCase testCase, EndpointShape shape) {
        for (String capability : testCase.capabilities()) {
            Optional<String> absent = shape.whyAbsent(capability);
            if (absent.isPresent()) {
                String message = "needs " + capability + ": " + absent.get();
                return Optional.of(new CaseResult(testCase.id(), testCase.section(), testCase.level(),
                        testCase.description(), testCase.spec(), Verdict.NA, message, "", "", -1, List.of(),
                        java.util.OptionalLong.empty(), java.time.Duration.ZERO, "")
                        .withNotApplicable(Applicability.Cause.FEATURE));
            }
        }
        return Optional.empty();
    }

    private static CaseResult error(HttpCase testCase, String message) {
        return new CaseResult(testCase.id(), testCase.section(), testCase.level(), testCase.description(),
                testCase.spec(), Verdict.ERROR, message, "", "", -1, List.of(), java.util.OptionalLong.empty(),
                java.time.Duration.ZERO, "");
    }

    /** Database names of one run: unique enough that two runs on one server never meet. */
    @Override
    public void close() {
        threads.forEach(ExecutorService::shutdownNow);
        if (endpoint != null) {
            // what cases could not delete (the endpoint went away under them) goes now, while it is up
            try {
                if (endpoint.watch().awaitUp()) {
                    sweep.run();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            endpoint.close();
        }
    }
}
