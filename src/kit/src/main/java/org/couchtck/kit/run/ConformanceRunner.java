package org.couchtck.kit.run;

import org.couchtck.kit.cases.Suite;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.report.EndpointOutage;
import org.couchtck.kit.report.RunResult;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs the corpus against one target through the JUnit Platform Launcher and collects a {@link RunResult}. The CLI
 * and the Maven goal both call this; the engine does the work.
 */
public final class ConformanceRunner {

    /** Told about the run as it goes, e.g. to draw a progress bar. */
    public interface Progress {
        /** The run will take {@code cases} cases. */
        void planned(int cases);

        /** One case is done. */
        void finished(CaseResult result);

        /** Tells nothing. */
        Progress NONE = new Progress() {
            @Override
            public void planned(int cases) {}

            @Override
            public void finished(CaseResult result) {}
        };
    }

    private ConformanceRunner() {}

    /**
     * Runs every selected case of {@code config} and returns the results in run order.
     *
     * @param runId the id the reports will carry
     */
    public static RunResult run(RunConfiguration config, String runId, Progress progress) {
        return run(config, Optional.empty(), runId, progress);
    }

    /**
     * Runs every selected case of {@code config}, and the generated suites when {@code generation} is present.
     *
     * @param runId the id the reports will carry
     */
    public static RunResult run(RunConfiguration config, Optional<GenerationSettings> generation, String runId,
            Progress progress) {
        return run(config, generation, new SoFar(config, runId), progress);
    }

    /**
     * {@link #run(RunConfiguration, Optional, String, Progress)}, keeping what it judged in {@code soFar} as it goes:
     * another thread (a shutdown hook) may read it before the run ends.
     */
    public static RunResult run(RunConfiguration config, Optional<GenerationSettings> generation, SoFar soFar,
            Progress progress) {
        try (CaseResultSinks.Registration sink = CaseResultSinks.register(result -> {
            soFar.results.add(result);
            progress.finished(result);
        }, soFar.outages::add, soFar.shape::set)) {
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectUniqueId(UniqueId.forEngine(CouchTckTestEngine.ENGINE_ID)))
                    .configurationParameters(config.toParameters())
                    .configurationParameters(generation.map(GenerationParameters::toParameters).orElse(Map.of()))
                    .configurationParameter(CaseResultSinks.PARAMETER, sink.id())
                    .build();
            Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                    .enableTestEngineAutoRegistration(false)
                    .enableTestExecutionListenerAutoRegistration(false)
                    .enableLauncherDiscoveryListenerAutoRegistration(false)
                    .enablePostDiscoveryFilterAutoRegistration(false)
                    .enableLauncherSessionListenerAutoRegistration(false)
                    .addTestEngines(new CouchTckTestEngine())
                    .build());
            TestPlan plan = launcher.discover(request);
            soFar.planned = (int) plan.countTestIdentifiers(id -> id.isTest());
            progress.planned(soFar.planned);
            launcher.execute(plan, new TestExecutionListener() {});
        }
        return soFar.result();
    }

    /** What a run has judged so far; safe to read from any thread while the run goes on. */
    public static final class SoFar {
        private final RunConfiguration config;
        private final String runId;
        private final Instant started = Instant.now();
        private final List<CaseResult> results = Collections.synchronizedList(new ArrayList<>());
        private final List<EndpointOutage> outages = Collections.synchronizedList(new ArrayList<>());
        private final AtomicReference<String> shape = new AtomicReference<>();
        private volatile int planned = -1;

        public SoFar(RunConfiguration config, String runId) {
            this.config = config;
            this.runId = runId;
        }

        /** How many cases the run takes; -1 until it knows. */
        public int planned() {
            return planned;
        }

        /** The run as judged so far (all of it once it ended). */
        public RunResult result() {
            String described = config.suites().contains(Suite.HTTP) ? config.endpointSpec().describe() : null;
            String endpoint = described == null ? null
                    : described + (shape.get() == null ? "" : " (" + shape.get() + ")");
            // a run without the query-server suite starts no query server: its command is that of the first suite
            String command = config.suites().contains(Suite.QUERY_SERVER) ? config.command().display()
                    : described != null ? described
                    : config.suites().contains(Suite.DAEMON) ? config.daemons().daemonCommand().display()
                    : config.daemons().externalCommand().display();
            RunResult.TargetInfo target = new RunResult.TargetInfo(config.targetName(), command,
                    config.profile().language(), config.profile().couchDbVersion().toString(),
                    config.profile().conformance().id(), endpoint);
            List<CaseResult> judged;
            synchronized (results) {
                judged = List.copyOf(results);
            }
            List<EndpointOutage> seen;
            synchronized (outages) {
                seen = List.copyOf(outages);
            }
            return new RunResult(runId, KitVersion.current(), target, started, Duration.between(started,
                    Instant.now()), judged, seen);
        }
    }
}
