package org.couchtck.kit.daemons.external;

import java.time.Duration;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.daemons.DaemonTargets;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServerOptions;

/**
 * Runs the {@code _external} cases of a run, corpus and generated, against one handler command: one process serves
 * the cases in turn, as couch_external_server keeps one, and a new one replaces it after an exit or for a case that
 * needs its own.
 */
public final class ExternalSuiteRunner implements AutoCloseable {

    private final HandlerProcesses handlers;
    private final ExternalCaseExecutor corpus;
    private final GeneratedExternalRunner generated;

    /**
     * @param timeout how long a reply may take (CouchDB's os_process_timeout, the run's per-message timeout)
     * @param startTimeout how long a new process may take for its first reply (a JVM or an interpreter starting)
     * @param seed the seed of the generated cases
     * @param budget the budget of the generated cases
     * @throws IllegalArgumentException for a handler command line that does not split
     */
    public ExternalSuiteRunner(DaemonTargets targets, Duration timeout, Duration startTimeout, long seed,
            GenerationBudget budget) {
        ServerCommand command = targets.externalCommand();
        StdioServerOptions options = StdioServerOptions.defaults().withDefaultTimeout(timeout)
                .withStartTimeout(startTimeout);
        this.handlers = new HandlerProcesses(command, options);
        this.corpus = new ExternalCaseExecutor(handlers, timeout, targets.settings().exitWithin());
        this.generated = new GeneratedExternalRunner(handlers, timeout, seed, budget);
    }

    /** Runs {@code testCase}, from the corpus or generated. Never throws for what the handler does. */
    public CaseResult run(ExternalCase testCase) {
        return GeneratedExternalSuites.isGenerated(testCase) ? generated.run(testCase) : corpus.run(testCase);
    }

    @Override
    public void close() {
        handlers.close();
    }
}
