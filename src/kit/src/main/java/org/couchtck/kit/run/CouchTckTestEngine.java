package org.couchtck.kit.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.queryserver.CaseExecutor;
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
 * The {@code couchtck} JUnit Platform engine: its tests are the corpus cases, for the target the configuration
 * parameters describe (see {@link RunConfiguration}).
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
        Corpus corpus = config.fixtures().map(Corpus::load).orElseGet(Corpus::builtIn);
        Map<String, SectionDescriptor> sections = new LinkedHashMap<>();
        List<Case> cases = new ArrayList<>(corpus.cases());
        if (GenerationParameters.fromParameters(request.getConfigurationParameters()::get).isPresent()) {
            cases.addAll(GeneratedSuites.cases());
        }
        for (Case testCase : cases) {
            if (!config.selection().includes(testCase)) {
                continue;
            }
            SectionDescriptor section = sections.computeIfAbsent(testCase.section(),
                    name -> new SectionDescriptor(uniqueId, name));
            CaseDescriptor descriptor = new CaseDescriptor(section.getUniqueId(), testCase);
            if (wanted.stream().anyMatch(id -> descriptor.getUniqueId().hasPrefix(id))) {
                if (section.getParent().isEmpty()) {
                    engine.addChild(section);
                }
                section.addChild(descriptor);
            }
        }
        return engine;
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
        StdioServerOptions defaults = StdioServerOptions.defaults();
        StdioServerOptions options = new StdioServerOptions(config.timeout(), config.startTimeout(), defaults.maxLineBytes(),
                defaults.environment(), defaults.workingDirectory());
        Optional<GenerationSettings> generation =
                GenerationParameters.fromParameters(request.getConfigurationParameters()::get);
        try (ServerSupervisor supervisor = new ServerSupervisor(config.command(), options,
                new StepRenderer(config.profile()));
                GeneratedSuiteRunner generated = new GeneratedSuiteRunner(config.profile(), supervisor,
                        config.timeout(), generation.orElseGet(() -> GenerationSettings.withSeed(0)))) {
            CaseExecutor executor = new CaseExecutor(config.profile(), supervisor, config.timeout());
            for (TestDescriptor section : root.getChildren()) {
                listener.executionStarted(section);
                for (TestDescriptor child : section.getChildren()) {
                    CaseDescriptor descriptor = (CaseDescriptor) child;
                    Applicability applicability = config.profile().applicability(descriptor.testCase());
                    if (!applicability.applicable()) {
                        sink.accept(runGuarded(executor, generated, descriptor.testCase()));
                        listener.executionSkipped(descriptor, applicability.reason());
                        continue;
                    }
                    listener.executionStarted(descriptor);
                    CaseResult result = baseline.apply(runGuarded(executor, generated, descriptor.testCase()));
                    sink.accept(result);
                    listener.reportingEntryPublished(descriptor, reportEntry(result));
                    listener.executionFinished(descriptor, toExecutionResult(result));
                }
                listener.executionFinished(section, TestExecutionResult.successful());
            }
        }
        listener.executionFinished(root, TestExecutionResult.successful());
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
    private static CaseResult runGuarded(CaseExecutor executor, GeneratedSuiteRunner generated, Case testCase) {
        try {
            return GeneratedSuites.isGenerated(testCase) ? generated.run(testCase) : executor.run(testCase);
        } catch (RuntimeException e) {
            return new CaseResult(testCase.id(), testCase.section(), testCase.level(), testCase.description(),
                    testCase.spec(), Verdict.ERROR, "internal error of the kit: " + e, "", "", -1, List.of(),
                    OptionalLong.empty(), Duration.ZERO, "");
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
