package org.couchtck.kit.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.EndpointStartException;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.endpoint.HttpCaseExecutor;
import org.couchtck.kit.endpoint.HttpRunSettings;
import org.couchtck.kit.endpoint.RunningEndpoint;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;

/**
 * The HTTP suite of one run: the endpoint it talks to, and its cases running {@value #PARALLEL} at a time from the
 * moment the run starts. Every case works in databases of its own, so running them together is what a shared server
 * sees anyway; what they check does not depend on each other.
 */
final class HttpSuiteRun implements AutoCloseable {

    static final int PARALLEL = Integer.getInteger("couchtck.httpParallel", 4);

    private final SuiteDescriptor suite;
    private final RunningEndpoint endpoint;
    private final ExecutorService pool;
    private final List<Future<CaseResult>> results = new ArrayList<>();

    private HttpSuiteRun(SuiteDescriptor suite, RunningEndpoint endpoint, ExecutorService pool) {
        this.suite = suite;
        this.endpoint = endpoint;
        this.pool = pool;
    }

    /** Has the endpoint and starts every case of {@code suite}; an endpoint that cannot be had makes each case ERROR. */
    static HttpSuiteRun start(SuiteDescriptor suite, RunConfiguration config) {
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL, task -> {
            Thread thread = new Thread(task, "couchtck-http-case-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        RunningEndpoint endpoint = null;
        String unavailable = null;
        try {
            endpoint = RunningEndpoint.start(config.endpointSpec(), config.timeout());
        } catch (EndpointStartException | IllegalArgumentException e) {
            unavailable = "the endpoint could not be had: " + e.getMessage();
        }
        HttpSuiteRun run = new HttpSuiteRun(suite, endpoint, pool);
        HttpCaseExecutor executor = endpoint == null ? null
                : new HttpCaseExecutor(endpoint.target(), HttpRunSettings.of(databaseRunId())
                        .withRequestTimeout(config.timeout().multipliedBy(2))
                        .withProfile(config.profile()));
        for (TestDescriptor section : suite.getChildren()) {
            for (TestDescriptor child : section.getChildren()) {
                HttpCase testCase = ((HttpCaseDescriptor) child).testCase();
                String reason = unavailable;
                run.results.add(pool.submit(() -> CouchTckTestEngine.guarded(testCase.id(), testCase.section(),
                        testCase.level(), testCase.description(), testCase.spec(),
                        () -> executor != null ? executor.run(testCase) : error(testCase, reason))));
            }
        }
        return run;
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

    private static CaseResult error(HttpCase testCase, String message) {
        return new CaseResult(testCase.id(), testCase.section(), testCase.level(), testCase.description(),
                testCase.spec(), Verdict.ERROR, message, "", "", -1, List.of(), java.util.OptionalLong.empty(),
                java.time.Duration.ZERO, "");
    }

    /** Database names of one run: unique enough that two runs on one server never meet. */
    private static String databaseRunId() {
        return Long.toString(System.currentTimeMillis(), 36)
                + Integer.toString(java.util.concurrent.ThreadLocalRandom.current().nextInt(36 * 36), 36);
    }

    @Override
    public void close() {
        pool.shutdownNow();
        if (endpoint != null) {
            endpoint.close();
        }
    }
}
