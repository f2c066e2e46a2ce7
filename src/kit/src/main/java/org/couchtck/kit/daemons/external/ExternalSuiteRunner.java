package org.couchtck.kit.daemons.external;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.SlowJudgement;
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
    /** The same, with larger bounds, for a case that ran out of time on a loaded machine. */
    private final ExternalCaseExecutor patientCorpus;
    private final GeneratedExternalRunner patientGenerated;
    private final AtomicInteger judgedAgain = new AtomicInteger();

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
        this.patientCorpus = new ExternalCaseExecutor(handlers, timeout.multipliedBy(SlowJudgement.SCALE),
                targets.settings().exitWithin().multipliedBy(SlowJudgement.SCALE));
        this.patientGenerated = new GeneratedExternalRunner(handlers, timeout.multipliedBy(SlowJudgement.SCALE),
                seed, budget);
    }

    /**
     * Runs {@code testCase}, from the corpus or generated; one whose verdict came from a bound running out is run
     * again at once with {@link SlowJudgement#SCALE} times its bounds (at most {@link SlowJudgement#MAX_AGAIN} of a
     * run). Never throws for what the handler does.
     */
    public CaseResult run(ExternalCase testCase) {
        boolean isGenerated = GeneratedExternalSuites.isGenerated(testCase);
        CaseResult first = isGenerated ? generated.run(testCase) : corpus.run(testCase);
        if (!SlowJudgement.ranOutOfTime(first) || judgedAgain.getAndIncrement() >= SlowJudgement.MAX_AGAIN) {
            return first;
        }
        return SlowJudgement.combine(first, isGenerated ? patientGenerated.run(testCase)
                : patientCorpus.run(testCase));
    }

    @Override
    public void close() {
        handlers.close();
    }
}
