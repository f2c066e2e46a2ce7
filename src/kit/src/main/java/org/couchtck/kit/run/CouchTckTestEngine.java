package org.couchtck.kit.run;

import org.couchtck.kit.cases.Suite;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.Consumer;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.SlowJudgement;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.daemons.DaemonCase;
import org.couchtck.kit.daemons.DaemonCorpus;
import org.couchtck.kit.daemons.DaemonSuiteRunner;
import org.couchtck.kit.daemons.GeneratedDaemonSuites;
import org.couchtck.kit.daemons.external.ExternalCase;
import org.couchtck.kit.daemons.external.ExternalCorpus;
import org.couchtck.kit.daemons.external.ExternalSuiteRunner;
import org.couchtck.kit.daemons.external.GeneratedExternalSuites;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.endpoint.HttpCorpus;
import org.couchtck.kit.endpoint.generated.GeneratedHttpSuites;
import org.couchtck.kit.queryserver.CaseExecutor;
import org.couchtck.kit.report.EndpointOutage;
import org.couchtck.kit.queryserver.GeneratedSuiteRunner;
import org.couchtck.kit.queryserver.GeneratedSuites;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.couchtck.kit.queryserver.ServerSupervisor;
import org.couchtck.kit.process.StdioServerOptions;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;

/**
 * The {@code couchtck} JUnit Platform engine: its tests are the corpus cases of each suite
 * ({@code [engine:couchtck]/[suite:query-server|http|daemon|external]/[section:S]/[case:ID]}), and with a seed the
 * generated cases of each suite ({@code qs.generated-*}, {@code http.generated-feeds.*},
 * {@code http.generated-views.*}, {@code daemon.generated-sessions.*}, {@code external.generated-requests.*}), for the targets the configuration
 * parameters describe (see {@link RunConfiguration}): a query server for the query-server suite, an HTTP endpoint for
 * the HTTP suite, an OS daemon and an {@code _external} handler for the daemon and external suites.
 *
 * <p>The engine discovers cases only when asked by unique id ({@code [engine:couchtck]} for all of them, or a
 * section or case below it), so that it stays quiet when it merely sits on a classpath that another tool scans for
 * class-based tests.
 */
public final class CouchTckTestEngine implements TestEngine {

    public static final String ENGINE_ID = "couchtck";

    @Override
    public String getId() {
        return ENGINE_ID;
    }

    @Override
    public Optional<String> getGroupId() {
        return Optional.of("org.couchtck");
    }

    @Override
    public Optional<String> getArtifactId() {
        return Optional.of("couchtck-kit");
    }

    @Override
    public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
        EngineDescriptor engine = new EngineDescriptor(uniqueId, "couchtck");
        List<UniqueId> wanted = request.getSelectorsByType(UniqueIdSelector.class).stream()
                .map(UniqueIdSelector::getUniqueId)
                .filter(id -> id.getEngineId().map(ENGINE_ID::equals).orElse(false))
                .toList();
        if (wanted.isEmpty()) {
            return engine;
        }
        RunConfiguration config = RunConfiguration.fromParameters(request.getConfigurationParameters()::get);
        if (config.suites().contains(Suite.QUERY_SERVER)) {
            SuiteDescriptor suite = new SuiteDescriptor(uniqueId, Suite.QUERY_SERVER);
            Corpus corpus = config.fixtures().map(Corpus::load).orElseGet(Corpus::builtIn);
            List<Case> cases = new ArrayList<>(corpus.cases());
            if (GenerationParameters.fromParameters(request.getConfigurationParameters()::get).isPresent()) {
                cases.addAll(GeneratedSuites.cases());
            }
            Sections sections = new Sections(suite, wanted);
            for (Case testCase : cases) {
                if (config.selection().includes(testCase)) {
                    sections.offer(testCase.section(), parent -> new CaseDescriptor(parent, testCase));
                }
            }
            sections.attachTo(engine);
        }
        boolean generated = GenerationParameters.fromParameters(request.getConfigurationParameters()::get).isPresent();
        if (config.suites().contains(Suite.DAEMON)) {
            SuiteDescriptor suite = new SuiteDescriptor(uniqueId, Suite.DAEMON);
            Sections sections = new Sections(suite, wanted);
            List<DaemonCase> cases = new ArrayList<>(DaemonCorpus.builtIn().cases());
            if (generated) {
                cases.addAll(GeneratedDaemonSuites.cases());
            }
            for (DaemonCase testCase : cases) {
                if (config.selection().includes(testCase.id(), testCase.level())) {
                    sections.offer(testCase.section(), parent -> new DaemonCaseDescriptor(parent, testCase));
                }
            }
            sections.attachTo(engine);
        }
        if (config.suites().contains(Suite.EXTERNAL)) {
            SuiteDescriptor suite = new SuiteDescriptor(uniqueId, Suite.EXTERNAL);
            Sections sections = new Sections(suite, wanted);
            List<ExternalCase> cases = new ArrayList<>(ExternalCorpus.builtIn().cases());
            if (generated) {
                cases.addAll(GeneratedExternalSuites.cases());
            }
            for (ExternalCase testCase : cases) {
                if (config.selection().includes(testCase.id(), testCase.level())) {
                    sections.offer(testCase.section(), parent -> new ExternalCaseDescriptor(parent, testCase));
                }
            }
            sections.attachTo(engine);
        }
        if (config.suites().contains(Suite.HTTP)) {
            SuiteDescriptor suite = new SuiteDescriptor(uniqueId, Suite.HTTP);
            Sections sections = new Sections(suite, wanted);
            List<HttpCase> cases = new ArrayList<>(HttpCorpus.builtIn().cases());
            if (GenerationParameters.fromParameters(request.getConfigurationParameters()::get).isPresent()) {
                cases.addAll(GeneratedHttpSuites.cases());
            }
            for (HttpCase testCase : cases) {
                if (config.selection().includes(testCase.id(), testCase.level())) {
                    sections.offer(testCase.section(), parent -> new HttpCaseDescriptor(parent, testCase));
                }
            }
            sections.attachTo(engine);
        }
        return engine;
    }

    /** Builds one suite's section containers, keeping only the cases a selector asked for. */
    private static final class Sections {
        private final SuiteDescriptor suite;
        private final List<UniqueId> wanted;
        private final Map<String, SectionDescriptor> sections = new LinkedHashMap<>();

        Sections(SuiteDescriptor suite, List<UniqueId> wanted) {
            this.suite = suite;
            this.wanted = wanted;
        }

        void offer(String section, java.util.function.Function<UniqueId, TestDescriptor> caseDescriptor) {
            SectionDescriptor container = sections.computeIfAbsent(section,
                    name -> new SectionDescriptor(suite.getUniqueId(), name));
            TestDescriptor descriptor = caseDescriptor.apply(container.getUniqueId());
            if (wanted.stream().anyMatch(id -> descriptor.getUniqueId().hasPrefix(id))) {
                if (container.getParent().isEmpty()) {
                    suite.addChild(container);
                }
                container.addChild(descriptor);
            }
        }

        void attachTo(EngineDescriptor engine) {
            if (!suite.getChildren().isEmpty()) {
                engine.addChild(suite);
            }
        }
    }

    @Override
    public void execute(ExecutionRequest request) {
        TestDescriptor root = request.getRootTestDescriptor();
        EngineExecutionListener listener = request.getEngineExecutionListener();
        listener.executionStarted(root);
        RunConfiguration config = RunConfiguration.fromParameters(request.getConfigurationParameters()::get);
        Baseline baseline = config.baseline().map(Baseline::read).orElseGet(Baseline::empty);
        Consumer<CaseResult> sink = request.getConfigurationParameters().get(CaseResultSinks.PARAMETER)
                .flatMap(CaseResultSinks::lookup).orElse(result -> {});
        Optional<GenerationSettings> generation =
                GenerationParameters.fromParameters(request.getConfigurationParameters()::get);
        // The HTTP cases run in the background, several at a time (each in databases of its own), and so do the
        // daemon and _external suites (processes of their own), while the query-server cases take their turn one by
        // one; their results are reported in order afterwards.
        Optional<HttpSuiteRun> http = suiteOf(root, Suite.HTTP).map(s -> HttpSuiteRun.start(s, config, generation));
        ExecutorService background = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "couchtck-suite");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Optional<Future<List<CaseResult>>> daemons = suiteOf(root, Suite.DAEMON)
                    .map(s -> background.submit(() -> runDaemons(s, config, generation)));
            Optional<Future<List<CaseResult>>> externals = suiteOf(root, Suite.EXTERNAL)
                    .map(s -> background.submit(() -> runExternal(s, config, generation)));
            for (TestDescriptor child : root.getChildren()) {
                SuiteDescriptor suite = (SuiteDescriptor) child;
                listener.executionStarted(suite);
                switch (suite.suite()) {
                    case QUERY_SERVER -> executeQueryServer(suite, config, generation, baseline, sink, listener);
                    case HTTP -> {
                        http.orElseThrow().report(baseline, sink, listener);
                        Consumer<EndpointOutage> outages = request.getConfigurationParameters()
                                .get(CaseResultSinks.PARAMETER).flatMap(CaseResultSinks::lookupOutages)
                                .orElse(outage -> { });
                        String shape = http.orElseThrow().shape().describe();
                        request.getConfigurationParameters().get(CaseResultSinks.PARAMETER)
                                .flatMap(CaseResultSinks::lookupShapes).ifPresent(sinkOf -> sinkOf.accept(shape));
                        listener.reportingEntryPublished(suite, ReportEntry.from("couchtck.endpoint", shape));
                        for (EndpointOutage outage : http.orElseThrow().outages()) {
                            outages.accept(outage);
                            listener.reportingEntryPublished(suite, ReportEntry.from("couchtck.outage",
                                    "outage " + outage.number() + ": the endpoint " + outage.what()
                                            + (outage.cause().isEmpty() ? "; " + outage.finding()
                                                    : "; caused by " + outage.cause())));
                        }
                    }
                    case DAEMON -> reportInOrder(suite, daemons.orElseThrow(), baseline, sink, listener);
                    case EXTERNAL -> reportInOrder(suite, externals.orElseThrow(), baseline, sink, listener);
                }
                listener.executionFinished(suite, TestExecutionResult.successful());
            }
        } finally {
            background.shutdownNow();
            http.ifPresent(HttpSuiteRun::close);
        }
        listener.executionFinished(root, TestExecutionResult.successful());
    }

    private static void executeQueryServer(SuiteDescriptor suite, RunConfiguration config,
            Optional<GenerationSettings> generation, Baseline baseline, Consumer<CaseResult> sink,
            EngineExecutionListener listener) {
        StdioServerOptions defaults = StdioServerOptions.defaults();
        StdioServerOptions options = new StdioServerOptions(config.timeout(), config.startTimeout(), defaults.maxLineBytes(),
                defaults.environment(), defaults.workingDirectory());
        // The generated cases run meanwhile, in order, with server processes of their own (a CouchDB runs several of
        // a query server at once too); each is reported in its place.
        ExecutorService generatedThread = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "couchtck-generated-suites");
            thread.setDaemon(true);
            return thread;
        });
        try (ServerSupervisor supervisor = new ServerSupervisor(config.command(), options,
                new StepRenderer(config.profile()));
                ServerSupervisor generatedSupervisor = new ServerSupervisor(config.command(), options,
                        new StepRenderer(config.profile()));
                GeneratedSuiteRunner generated = new GeneratedSuiteRunner(config.profile(), generatedSupervisor,
                        config.timeout(), generation.orElseGet(() -> GenerationSettings.withSeed(0)))) {
            CaseExecutor executor = new CaseExecutor(config.profile(), supervisor, config.timeout());
            Map<String, Future<CaseResult>> generatedResults = new LinkedHashMap<>();
            // a generated case whose server reply did not come in time runs again with larger bounds (the fixture
            // cases are, by their executor, in a fresh process)
            AtomicInteger generatedAgain = new AtomicInteger();
            suite.getChildren().forEach(section -> section.getChildren().forEach(child -> {
                Case testCase = ((CaseDescriptor) child).testCase();
                if (GeneratedSuites.isGenerated(testCase)) {
                    generatedResults.put(testCase.id(), generatedThread.submit(() -> guarded(testCase.id(),
                            testCase.section(), testCase.level(), testCase.description(), testCase.spec(),
                            () -> judgedPatiently(generated.run(testCase), generatedAgain, () -> {
                                try (GeneratedSuiteRunner patient = new GeneratedSuiteRunner(config.profile(),
                                        generatedSupervisor, config.timeout().multipliedBy(SlowJudgement.SCALE),
                                        generation.orElseGet(() -> GenerationSettings.withSeed(0)))) {
                                    return patient.run(testCase);
                                }
                            }))));
                }
            }));
            for (TestDescriptor section : suite.getChildren()) {
                listener.executionStarted(section);
                for (TestDescriptor child : section.getChildren()) {
                    CaseDescriptor descriptor = (CaseDescriptor) child;
                    Case testCase = descriptor.testCase();
                    Supplier<CaseResult> run = generatedResults.containsKey(testCase.id())
                            ? () -> await(generatedResults.get(testCase.id()))
                            : () -> executor.run(testCase);
                    Applicability applicability = config.profile().applicability(testCase);
                    if (!applicability.applicable()) {
                        sink.accept(guarded(testCase.id(), testCase.section(), testCase.level(),
                                testCase.description(), testCase.spec(), run));
                        listener.executionSkipped(descriptor, applicability.reason());
                        continue;
                    }
                    listener.executionStarted(descriptor);
                    CaseResult result = baseline.apply(guarded(testCase.id(), testCase.section(), testCase.level(),
                            testCase.description(), testCase.spec(), run));
                    report(descriptor, result, sink, listener);
                }
                listener.executionFinished(section, TestExecutionResult.successful());
            }
        } finally {
            generatedThread.shutdownNow();
        }
    }

    /**
     * {@code first}, or, when its verdict came from a bound running out and fewer than {@link SlowJudgement#MAX_AGAIN}
     * cases were judged again ({@code judgedAgain}), its verdict when judged again by {@code again}.
     */
    private static CaseResult judgedPatiently(CaseResult first, AtomicInteger judgedAgain,
            Supplier<CaseResult> again) {
        if (!SlowJudgement.ranOutOfTime(first) || judgedAgain.getAndIncrement() >= SlowJudgement.MAX_AGAIN) {
            return first;
        }
        return SlowJudgement.combine(first, again.get());
    }

    /** What {@code running} computed on another thread; its failure to finish is the kit's, hence thrown. */
    private static <T> T await(Future<T> running) {
        try {
            return running.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted before it finished", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(String.valueOf(e.getCause()), e.getCause());
        }
    }

    private static Optional<SuiteDescriptor> suiteOf(TestDescriptor root, Suite wanted) {
        return root.getChildren().stream().map(SuiteDescriptor.class::cast).filter(s -> s.suite() == wanted)
                .findFirst();
    }

    /**
     * The daemon suite's results in order: every session at once; the generated cases with the budget of slow
     * examples (each starts a daemon).
     */
    private static List<CaseResult> runDaemons(SuiteDescriptor suite, RunConfiguration config,
            Optional<GenerationSettings> generation) {
        List<DaemonCase> cases = new ArrayList<>();
        suite.getChildren().forEach(section -> section.getChildren()
                .forEach(child -> cases.add(((DaemonCaseDescriptor) child).testCase())));
        try {
            GenerationSettings settings = generation.orElseGet(() -> GenerationSettings.withSeed(0));
            return new DaemonSuiteRunner(config.daemons(), settings.seed(), settings.feedBudget()).run(cases);
        } catch (RuntimeException e) {
            return cases.stream().map(c -> guarded(c.id(), c.section(), c.level(), c.description(), c.spec(),
                    () -> {
                        throw e;
                    })).toList();
        }
    }

    /** Reports the results of a suite that ran in the background, in the order of its cases. */
    private static void reportInOrder(SuiteDescriptor suite, Future<List<CaseResult>> running, Baseline baseline,
            Consumer<CaseResult> sink, EngineExecutionListener listener) {
        List<CaseResult> results = awaitSuite(suite, running);
        int next = 0;
        for (TestDescriptor section : suite.getChildren()) {
            listener.executionStarted(section);
            for (TestDescriptor child : section.getChildren()) {
                reportOrSkip(child, results.get(next++), baseline, sink, listener);
            }
            listener.executionFinished(section, TestExecutionResult.successful());
        }
    }

    /** The results of a suite that ran in the background: each case an ERROR if the kit itself failed. */
    private static List<CaseResult> awaitSuite(SuiteDescriptor suite, Future<List<CaseResult>> running) {
        try {
            return await(running);
        } catch (IllegalStateException e) {
            Supplier<CaseResult> fails = () -> {
                throw e;
            };
            List<CaseResult> errors = new ArrayList<>();
            suite.getChildren().forEach(section -> section.getChildren().forEach(child -> {
                if (child instanceof DaemonCaseDescriptor d) {
                    DaemonCase c = d.testCase();
                    errors.add(guarded(c.id(), c.section(), c.level(), c.description(), c.spec(), fails));
                } else {
                    ExternalCase c = ((ExternalCaseDescriptor) child).testCase();
                    errors.add(guarded(c.id(), c.section(), c.level(), c.description(), c.spec(), fails));
                }
            }));
            return errors;
        }
    }

    /** The {@code _external} suite's results in order: one case after the other against one handler process. */
    private static List<CaseResult> runExternal(SuiteDescriptor suite, RunConfiguration config,
            Optional<GenerationSettings> generation) {
        GenerationSettings settings = generation.orElseGet(() -> GenerationSettings.withSeed(0));
        List<CaseResult> results = new ArrayList<>();
        try (ExternalSuiteRunner runner = new ExternalSuiteRunner(config.daemons(), config.timeout(),
                config.startTimeout(), settings.seed(), settings.budget())) {
            suite.getChildren().forEach(section -> section.getChildren().forEach(child -> {
                ExternalCase testCase = ((ExternalCaseDescriptor) child).testCase();
                results.add(guarded(testCase.id(), testCase.section(), testCase.level(), testCase.description(),
                        testCase.spec(), () -> runner.run(testCase)));
            }));
        }
        return results;
    }

    /** Reports an NA result as a skipped test, any other with the baseline applied. */
    private static void reportOrSkip(TestDescriptor descriptor, CaseResult result, Baseline baseline,
            Consumer<CaseResult> sink, EngineExecutionListener listener) {
        if (result.verdict() == Verdict.NA) {
            sink.accept(result);
            listener.executionSkipped(descriptor, result.message());
            return;
        }
        listener.executionStarted(descriptor);
        report(descriptor, baseline.apply(result), sink, listener);
    }

    static void report(TestDescriptor descriptor, CaseResult result, Consumer<CaseResult> sink,
            EngineExecutionListener listener) {
        sink.accept(result);
        listener.reportingEntryPublished(descriptor, reportEntry(result));
        listener.executionFinished(descriptor, toExecutionResult(result));
    }

    private static ReportEntry reportEntry(CaseResult result) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put("verdict", result.verdict().name());
        entry.put("level", result.level().name());
        // The Platform refuses blank values.
        if (!result.message().isBlank()) {
            entry.put("message", result.message());
        }
        return ReportEntry.from(entry);
    }

    /** A defect of the kit itself must cost one case, not the rest of the run. */
    static CaseResult guarded(String id, String section, org.couchtck.kit.cases.Level level,
            String description, String spec, java.util.function.Supplier<CaseResult> run) {
        try {
            return run.get();
        } catch (RuntimeException e) {
            return new CaseResult(id, section, level, description, spec, Verdict.ERROR,
                    "internal error of the kit: " + e, "", "", -1, List.of(), OptionalLong.empty(), Duration.ZERO, "");
        }
    }

    private static TestExecutionResult toExecutionResult(CaseResult result) {
        String message = result.verdict() + ": " + result.message();
        return switch (result.verdict()) {
            case PASS, WARN, KNOWN, NA -> TestExecutionResult.successful();
            case FAIL, STALE -> TestExecutionResult.failed(new CaseFailure(message));
            case ERROR -> TestExecutionResult.failed(new CaseError(message));
        };
    }

    /** Why a case failed, as the Platform sees it. */
    static final class CaseFailure extends AssertionError {
        private static final long serialVersionUID = 1L;

        CaseFailure(String message) {
            super(message);
        }
    }

    /** Why a case could not run, as the Platform sees it. */
    static final class CaseError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CaseError(String message) {
            super(message, null, false, false);
        }
    }
}
