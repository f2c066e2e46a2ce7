package org.couchtck.kit.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.couchtck.kit.report.ReportWriter;
import org.couchtck.kit.report.RunResult;
import org.couchtck.kit.run.ConformanceRunner;

/**
 * The reports of a run the JVM stops (Ctrl-C, a CI timeout's SIGTERM) before it ends, written by one shutdown hook
 * from the run's first probe to its own reports: before any case, that none ran and what the run was doing; once the
 * cases run, what was judged so far, marked "interrupted after N of M cases". A CI dashboard shows either.
 */
final class InterruptedRunReports {

    private final Path dir;
    private final Thread hook;
    private volatile Supplier<RunResult> soFar;

    private InterruptedRunReports(Path dir, Supplier<RunResult> beforeCases) {
        this.dir = dir;
        this.soFar = beforeCases;
        this.hook = new Thread(this::write, "couchtck-interrupted-run");
    }

    /**
     * Watches a run that writes its reports to {@code dir}, starting before its first case: until
     * {@link #judging} is called, an interrupt writes {@code beforeCases}.
     */
    static InterruptedRunReports watch(Path dir, Supplier<RunResult> beforeCases) {
        InterruptedRunReports reports = new InterruptedRunReports(dir, beforeCases);
        Runtime.getRuntime().addShutdownHook(reports.hook);
        return reports;
    }

    /** From now on an interrupt writes what {@code run} has judged. */
    void judging(ConformanceRunner.SoFar run) {
        soFar = () -> {
            RunResult partial = run.result();
            return partial.unfinished("interrupted after " + partial.cases().size() + " of "
                    + (run.planned() < 0 ? "the" : String.valueOf(run.planned())) + " cases");
        };
    }

    /**
     * Stops watching: the run ended, and writes its own reports.
     *
     * @return false when the JVM is stopping, and the hook writes them instead
     */
    boolean stop() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
            return true;
        } catch (IllegalStateException stopping) {
            return false;
        }
    }

    private void write() {
        RunResult partial = soFar.get();
        String why = partial.whyUnfinished().orElse("interrupted");
        try {
            ReportWriter.writeAll(partial, dir);
            System.err.println("\ncouchtck: " + why + "; what was judged is in " + dir);
        } catch (IOException | RuntimeException e) {
            System.err.println("\ncouchtck: " + why + "; the reports could not be written to " + dir + ": "
                    + e.getMessage());
        }
        System.err.flush();
    }
}
