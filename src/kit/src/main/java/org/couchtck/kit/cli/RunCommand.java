package org.couchtck.kit.cli;

import org.couchtck.kit.run.CoverageFloor;
import org.couchtck.kit.report.Matrix;
import java.util.TreeSet;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Suite;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.couchtck.kit.daemons.DaemonCorpus;
import org.couchtck.kit.daemons.GeneratedDaemonSuites;
import org.couchtck.kit.daemons.external.ExternalCorpus;
import org.couchtck.kit.daemons.external.GeneratedExternalSuites;
import org.couchtck.kit.endpoint.EndpointProbe;
import org.couchtck.kit.endpoint.Lockout;
import org.couchtck.kit.endpoint.EndpointSpec;
import org.couchtck.kit.endpoint.EndpointStartException;
import org.couchtck.kit.endpoint.HttpCorpus;
import org.couchtck.kit.endpoint.RunningEndpoint;
import org.couchtck.kit.endpoint.generated.GeneratedHttpSuites;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.Applicability;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.FixtureException;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.ConsoleSummary;
import org.couchtck.kit.report.ProgressBar;
import org.couchtck.kit.report.ReportFiles;
import org.couchtck.kit.report.ReportWriter;
import org.couchtck.kit.report.RunResult;
import org.couchtck.kit.run.Baseline;
import org.couchtck.kit.run.CaseCatalogue;
import org.couchtck.kit.run.CaseSelection;
import org.couchtck.kit.run.ConformanceRunner;
import org.couchtck.kit.run.RunConfiguration;
import org.couchtck.kit.queryserver.GeneratedSuiteRunner;
import org.couchtck.kit.queryserver.GeneratedSuites;
import org.couchtck.kit.queryserver.GenerationSettings;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.process.TargetStartException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code couchtck run}: the suites against their targets (a query server, an HTTP endpoint), with one report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the conformance suites (the query-server suite against --server, the HTTP suite against "
                + "--endpoint, the daemon suite against --daemon, the external suite against --external) and write "
                + "one report.")
final class RunCommand implements Callable<Integer> {

    /** How often a run off a terminal says how far it got. */
    static final java.time.Duration LOG_PROGRESS_EVERY = java.time.Duration.ofSeconds(15);

    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions target;

    @Mixin
    SelectionOptions selection;

    @Mixin
    DaemonOptions daemons;

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "Known failures of the target, with reasons (JSON).")
    Path baseline;

    @Option(names = "--fixtures", paramLabel = "DIR", description = "Load query-server cases from this folder instead of the built-in corpus.")
    Path fixtures;

    @Option(names = "--suite", paramLabel = "SUITE", split = ",",
            description = "Which suites to run: query-server, http, daemon, external. Default: the suites whose "
                    + "target is given (--server or --fixtures: query-server; --endpoint: http; --daemon, "
                    + "--daemon-config or --daemon-name: daemon; --external: external); with none, all of them, "
                    + "against the kit's own references and programs.")
    List<String> suites = new ArrayList<>();

    @Option(names = "--report-dir", paramLabel = "DIR", description = "Where to write the reports (default: reports/<run-id>).")
    Path reportDir;

    @Option(names = "--no-progress", description = "No progress bar on a terminal, no progress lines in a log.")
    boolean noProgress;

    @Mixin
    GenerationOptions generation;

    @Option(names = "--min-applicable", paramLabel = "N|N%",
            description = "Fail the run (exit 1) when fewer of the profile's MUST cases than N (or N percent of them) "
                    + "applied: cases NA for want of a function source or of a feature count against it.")
    String minApplicable;

    @Option(names = "--generated", negatable = true,
            description = "Run the generated suites (qs.generated-*, http.generated-feeds.*, http.generated-views.*, "
                    + "external.generated-requests.*) too; default: with the built-in corpus (the query-server ones "
                    + "not with --fixtures).")
    Boolean generated;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunConfiguration config;
        Optional<GenerationSettings> settings;
        Optional<CoverageFloor> floor;
        try {
            floor = Optional.ofNullable(minApplicable).map(CoverageFloor::parse);
            Set<Suite> wanted = suites.isEmpty() ? defaultSuites()
                    : suites.stream().map(Suite::parse).collect(Collectors.toCollection(() -> EnumSet.noneOf(Suite.class)));
            // The generated HTTP suites (feeds, views), daemon and _external suites run with their suites (whose corpora are
            // always the built-in ones); the query-server generated suites by default only with the built-in
            // query-server corpus.
            boolean queryServerGenerated = wanted.contains(Suite.QUERY_SERVER)
                    && (generated != null ? generated : fixtures == null);
            boolean othersGenerated = (wanted.contains(Suite.HTTP) || wanted.contains(Suite.EXTERNAL)
                    || wanted.contains(Suite.DAEMON)) && (generated == null || generated);
            CaseSelection chosen = selection.selection();
            if (othersGenerated && wanted.contains(Suite.QUERY_SERVER) && !queryServerGenerated) {
                List<String> exclude = new ArrayList<>(chosen.exclude());
                exclude.add("qs.generated-*");
                chosen = new CaseSelection(chosen.include(), exclude, chosen.levels());
            }
            daemons.checkSuites(wanted);
            config = new RunConfiguration(target.serverCommand(), target.profile(),
                    target.timeout, Optional.ofNullable(fixtures), chosen,
                    Optional.ofNullable(baseline), target.startTimeout, wanted, Optional.ofNullable(target.endpoint),
                    Optional.ofNullable(target.user), daemons.targets())
                    .withEndpointCommand(target.endpointCommand());
            config.endpointSpec();
            Corpus corpus = config.fixtures().map(Corpus::load).orElseGet(Corpus::builtIn);
            config.baseline().map(Baseline::read).ifPresent(b -> warnAboutUnknownIds(b, corpus, err));
            config.command();
            CaseCatalogue catalogue = CaseCatalogue.of(config.fixtures());
            Optional<String> unknownFeatures = catalogue.unknownFeatures(config.profile().without());
            if (unknownFeatures.isPresent()) {
                throw new IllegalArgumentException(unknownFeatures.get());
            }
            Optional<String> nothing = catalogue.whyNothingSelected(chosen, wanted);
            if (nothing.isPresent()) {
                throw new IllegalArgumentException(nothing.get());
            }
            settings = queryServerGenerated || othersGenerated ? Optional.of(generation.settings(target.language))
                    : Optional.empty();
        } catch (FixtureException | Baseline.BaselineException | IllegalArgumentException e) {
            err.println("couchtck: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        return execute(config, settings, reportDir, !noProgress, floor, out, err);
    }

    /** The suites whose target the command line names; all of them when it names none. */
    private Set<Suite> defaultSuites() {
        Set<Suite> named = EnumSet.noneOf(Suite.class);
        if (target.serverCommand().isPresent() || fixtures != null) {
            named.add(Suite.QUERY_SERVER);
        }
        if (target.endpoint != null || target.endpointCommand().isPresent()) {
            named.add(Suite.HTTP);
        }
        if (daemons.namesDaemon()) {
            named.add(Suite.DAEMON);
        }
        if (daemons.namesExternal()) {
            named.add(Suite.EXTERNAL);
        }
        return named.isEmpty() ? EnumSet.allOf(Suite.class) : named;
    }

    /**
     * Runs {@code config} (and the generated suites when {@code settings} is present), writes the reports and prints
     * the summary; shared with {@code replay}.
     *
     * @param reportDir where the reports go; null: reports/&lt;run-id&gt;
     * @return the exit status
     */
    static int execute(RunConfiguration config, Optional<GenerationSettings> settings, Path reportDir,
            boolean progress, PrintWriter out, PrintWriter err) {
        return execute(config, settings, reportDir, progress, Optional.empty(), out, err);
    }

    /** {@link #execute(RunConfiguration, Optional, Path, boolean, PrintWriter, PrintWriter)} with a coverage floor. */
    static int execute(RunConfiguration config, Optional<GenerationSettings> settings, Path reportDir,
            boolean progress, Optional<CoverageFloor> floor, PrintWriter out, PrintWriter err) {
        String runId = runId(config);
        Path dir = reportDir != null ? reportDir : Path.of("reports", runId);
        InterruptedRunReports interrupted = InterruptedRunReports.watch(dir, () -> new ConformanceRunner.SoFar(config,
                runId).result().unfinished("interrupted before any case ran (the target was being started or "
                        + "probed)"));
        try {
            return execute(config, settings, new Reports(runId, dir, interrupted), progress, floor, out, err);
        } finally {
            interrupted.stop();
        }
    }

    /** Where a run's reports go, under which id, and who writes them if the run is interrupted. */
    private record Reports(String runId, Path dir, InterruptedRunReports interrupted) {}

    private static int execute(RunConfiguration config, Optional<GenerationSettings> settings, Reports reports,
            boolean progress, Optional<CoverageFloor> floor, PrintWriter out, PrintWriter err) {
        if (config.server().isPresent() && config.suites().contains(Suite.QUERY_SERVER)) {
            Optional<String> startFailure = probe(config);
            if (startFailure.isPresent()) {
                return notRun(config, reports, startFailure.get(), err);
            }
        }
        Optional<String> notRunnable = programProbe(config);
        if (notRunnable.isPresent()) {
            return notRun(config, reports, notRunnable.get(), err);
        }
        if (!config.suites().contains(Suite.HTTP)) {
            return executeProbed(config, settings, reports, progress, floor, out, err);
        }
        EndpointSpec endpoint = config.endpointSpec();
        if (endpoint instanceof EndpointSpec.Reference) {
            return executeProbed(config, settings, reports, progress, floor, out, err);
        }
        if (endpoint instanceof EndpointSpec.Command) {
            // The engine launches and supervises it (it restarts it after a crash); started once here first, so that
            // a command that does not start, or a server that refuses the admin, is one clear line.
            try (RunningEndpoint trial = RunningEndpoint.start(endpoint, config.timeout(), config.startTimeout(),
                    false)) {
                Optional<String> unusable = EndpointProbe.probe(trial.target(), config.timeout());
                if (unusable.isPresent()) {
                    return notRun(config, reports, unusable.get(), err);
                }
            } catch (EndpointStartException e) {
                return notRun(config, reports, e.getMessage(), err);
            }
            return executeProbed(config, settings, reports, progress, floor, out, err);
        }
        // A container is started once, here, and lent to the run, which stays named by its docker:IMAGE.
        try (RunningEndpoint running = RunningEndpoint.start(endpoint, config.timeout());
                RunningEndpoint.Loan lent = running.lend()) {
            Optional<String> unreachable = EndpointProbe.probe(running.target(), config.timeout());
            if (unreachable.isPresent()) {
                return notRun(config, reports, unreachable.get(), err);
            }
            return executeProbed(config, settings, reports, progress, floor, out, err);
        } catch (EndpointStartException e) {
            return notRun(config, reports, e.getMessage(), err);
        }
    }

    /**
     * The target could not be used: says {@code why} in one line and writes reports that say so (a junit.xml with one
     * ERROR, for CI dashboards), then exits 3.
     */
    private static int notRun(RunConfiguration config, Reports reports, String why, PrintWriter err) {
        if (!reports.interrupted().stop()) {
            return ExitCodes.INTERRUPTED;
        }
        Path dir = reports.dir();
        RunResult empty = new ConformanceRunner.SoFar(config, reports.runId()).result().unfinished("not run: " + why);
        String written;
        try {
            ReportWriter.writeAll(empty, dir);
            written = " (reports: " + dir + ")";
        } catch (IOException | RuntimeException e) {
            written = " (no reports: " + e.getMessage() + ")";
        }
        err.println("couchtck: " + why + written);
        return ExitCodes.TARGET_UNAVAILABLE;
    }

    private static int executeProbed(RunConfiguration config, Optional<GenerationSettings> settings, Reports reports,
            boolean progress, Optional<CoverageFloor> floor, PrintWriter out, PrintWriter err) {
        printMissingFunctions(config, out);
        String runId = reports.runId();
        Path dir = reports.dir();
        Optional<GenerationSettings> generation = settings.map(s -> s.withReportDir(Optional.of(dir)));
        ProgressBar bar = !progress ? ProgressBar.none() : System.console() != null
                ? ProgressBar.forStream(System.out, true)
                : ProgressBar.forLog(System.out, LOG_PROGRESS_EVERY, System::nanoTime);
        ConformanceRunner.SoFar soFar = new ConformanceRunner.SoFar(config, runId);
        reports.interrupted().judging(soFar);
        RunResult run = ConformanceRunner.run(config, generation, soFar, new ProgressAdapter(bar));
        if (!reports.interrupted().stop()) {
            // the JVM is stopping and the hook writes what was judged: the cases its stop ended are not judged
            return ExitCodes.INTERRUPTED;
        }
        bar.finish();
        ReportFiles files;
        try {
            files = ReportWriter.writeAll(run, dir);
        } catch (IOException e) {
            err.println("couchtck: cannot write reports to " + dir + ": " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Optional<String> lockout = run.cases().stream().filter(c -> c.verdict() == Verdict.ERROR)
                .map(CaseResult::message).filter(Lockout::isLockout).findFirst();
        if (lockout.isPresent()) {
            // every case after the lockout is an ERROR that says nothing new: one line instead of a list of them
            err.println("couchtck: " + lockout.get().replaceFirst("; the case was not run$", "") + " (reports: "
                    + dir + ")");
            return ExitCodes.TARGET_UNAVAILABLE;
        }
        out.print(ConsoleSummary.render(run, files, System.console() != null));
        printNotApplicable(run, config.profile().language(), out);
        ConsoleHints.of(run, config.profile().language(), config.profile().functions().languages(),
                ddocFeatures()).forEach(out::println);
        boolean generatedRan = run.cases().stream().anyMatch(c -> c.seed().isPresent());
        generation.filter(g -> generatedRan).ifPresent(g -> out.println("Generated suites: seed " + g.seed()
                + " (--seed " + g.seed() + " generates the same cases again)"));
        for (CaseResult result : run.cases()) {
            GeneratedSuiteRunner.reproducerOf(result).ifPresent(reproducer -> out.println(result.verdict() + " "
                    + result.caseId() + ", shrunk; to reproduce:\n  " + reproducer));
        }
        out.flush();
        if (run.testedNothing()) {
            err.println("couchtck: nothing was tested: " + (run.cases().isEmpty() ? "no case was selected"
                    : "all " + run.cases().size() + " cases were NA (the NA lines above say why)")
                    + "; a run that tests nothing fails");
            return ExitCodes.FAILURES;
        }
        if (neverAnswered(run)) {
            err.println("couchtck: the target never answered: " + config.targetName());
            return ExitCodes.TARGET_UNAVAILABLE;
        }
        Optional<String> shortfall = floor.flatMap(f -> f.shortfall(Matrix.MustScore.of(run.cases())));
        shortfall.ifPresent(s -> err.println("couchtck: " + s));
        return run.passed() && shortfall.isEmpty() ? ExitCodes.OK : ExitCodes.FAILURES;
    }

    /** The features of design-document functions, as the query-server cases need them. */
    private static Set<String> ddocFeatures() {
        try {
            return CaseCatalogue.of(Optional.empty()).features().stream().filter(f -> f.startsWith("ddoc."))
                    .collect(Collectors.toCollection(TreeSet::new));
        } catch (RuntimeException e) {
            return Set.of();
        }
    }

    /**
     * Says, once and before any case runs, which functions the target language's pack lacks for the selected cases:
     * those cases will be NA, and a run that looks green may have checked little.
     */
    private static void printMissingFunctions(RunConfiguration config, PrintWriter out) {
        if (!config.suites().contains(Suite.QUERY_SERVER)) {
            return;
        }
        Corpus corpus;
        try {
            corpus = config.fixtures().map(Corpus::load).orElseGet(Corpus::builtIn);
        } catch (FixtureException e) {
            return;
        }
        Set<String> missing = new TreeSet<>();
        long cases = 0;
        for (Case c : corpus.cases()) {
            if (config.selection().includes(c)
                    && config.profile().applicability(c).cause() == Applicability.Cause.NO_SOURCE) {
                cases++;
                missing.addAll(config.profile().missingFunctions(c));
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        String language = config.profile().language();
        out.println("couchtck: the " + language + " functions lack a source for " + missing.size() + " catalogue "
                + (missing.size() == 1 ? "function" : "functions") + ", so " + cases + " selected "
                + (cases == 1 ? "case is" : "cases are") + " NA: " + String.join(", ", missing));
        out.println("          `couchtck functions --language " + language + "` says what each must do; add them "
                + "with --functions FILE");
        out.flush();
    }

    /** Says why the NA cases did not apply, every cause with its count, so that the lines add up to the NA total. */
    private static void printNotApplicable(RunResult run, String language, PrintWriter out) {
        List<CaseResult> notApplicable = run.cases().stream().filter(c -> c.verdict() == Verdict.NA).toList();
        if (notApplicable.isEmpty()) {
            return;
        }
        // A generated suite without a source is one whose functions the kit cannot write: no pack would help.
        long generated = notApplicable.stream().filter(c -> c.notApplicable() == Applicability.Cause.NO_SOURCE
                && c.seed().isPresent()).count();
        Map<Applicability.Cause, Long> causes = notApplicable.stream()
                .filter(c -> !(c.notApplicable() == Applicability.Cause.NO_SOURCE && c.seed().isPresent()))
                .collect(Collectors.groupingBy(CaseResult::notApplicable,
                        () -> new EnumMap<>(Applicability.Cause.class), Collectors.counting()));
        out.println("NA: " + notApplicable.size() + (notApplicable.size() == 1 ? " case" : " cases") + " in all:");
        causes.forEach((cause, count) -> out.println("  " + count + " " + naText(cause, language)));
        if (generated > 0) {
            out.println("  " + generated + " generated " + (generated == 1 ? "suite" : "suites")
                    + " whose functions the kit cannot write in " + language + " (each case's message says why)");
        }
    }

    private static String naText(Applicability.Cause cause, String language) {
        return switch (cause) {
            case NO_SOURCE -> "with no " + language + " source for a function (`couchtck functions --language "
                    + language + "` lists what to translate; --functions FILE adds it)";
            case LANGUAGE -> "about another language itself (lang: capability)";
            case PROFILE -> "checking an implementation's own habits, outside the run's profile (each case's message "
                    + "says which: --profile couchjs for couchjs's, --profile exact for CouchDB 3.5.2's bytes)";
            case VERSION -> "for other CouchDB versions' message shapes (--couchdb-version)";
            case FEATURE -> "needing a feature the target lacks (--without, a part of the Externals API the "
                    + "endpoint has not, its _global_changes, or one node: each case's message says which)";
            case BEHAVIOUR -> "about something the target does not do (e.g. a daemon that serves no HTTP)";
            case NONE -> "for another reason (see each case's message)";
        };
    }

    /**
     * Starts the target once and sends it the reset CouchDB sends first, so that a wrong command or a server that
     * never answers is one clear line after at most the start-up grace, not a report full of ERRORs.
     */
    private static Optional<String> probe(RunConfiguration config) {
        StdioServerOptions options = StdioServerOptions.defaults().withDefaultTimeout(config.timeout())
                .withStartTimeout(config.startTimeout());
        try (StdioServer server = new StdioServer(config.command(), options)) {
            server.start();
            Exchange exchange = server.exchange(new StepRenderer(config.profile()).resetLine(), config.timeout());
            if (exchange.outcome() == Exchange.Outcome.REPLY) {
                return Optional.empty();
            }
            server.close();
            String stderr = server.stderrTail().strip();
            return Optional.of("the target did not answer its first reset: " + exchange.describe()
                    + (stderr.isEmpty() ? "" : "; its standard error ends:\n" + stderr));
        } catch (TargetStartException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * Whether a daemon or handler command given on the command line names a program that can be started, looked up
     * without starting it (a daemon started only to be stopped might do what daemons do).
     */
    private static Optional<String> programProbe(RunConfiguration config) {
        if (config.suites().contains(Suite.DAEMON) && config.daemons().daemon().isPresent()) {
            Optional<String> why = config.daemons().daemonCommand().whyNotRunnable();
            if (why.isPresent()) {
                return Optional.of("cannot start the daemon `" + config.daemons().daemon().get() + "`: " + why.get());
            }
        }
        if (config.suites().contains(Suite.EXTERNAL) && config.daemons().external().isPresent()) {
            Optional<String> why = config.daemons().externalCommand().whyNotRunnable();
            if (why.isPresent()) {
                return Optional.of("cannot start the _external handler `" + config.daemons().external().get()
                        + "`: " + why.get());
            }
        }
        return Optional.empty();
    }

    private static boolean neverAnswered(RunResult run) {
        long ran = run.cases().stream().filter(c -> c.verdict() != Verdict.NA).count();
        long errors = run.cases().stream().filter(c -> c.verdict() == Verdict.ERROR).count();
        return ran > 0 && errors == ran;
    }

    private static void warnAboutUnknownIds(Baseline baseline, Corpus corpus, PrintWriter err) {
        for (String id : baseline.ids()) {
            if (corpus.find(id).isEmpty() && GeneratedSuites.find(id).isEmpty()
                    && HttpCorpus.builtIn().find(id).isEmpty() && GeneratedHttpSuites.find(id).isEmpty()
                    && DaemonCorpus.builtIn().find(id).isEmpty() && GeneratedDaemonSuites.find(id).isEmpty()
                    && ExternalCorpus.builtIn().find(id).isEmpty()
                    && GeneratedExternalSuites.find(id).isEmpty()) {
                err.println("couchtck: warning: baseline lists " + id + ", which is not a case of this corpus");
            }
        }
    }

    private static String runId(RunConfiguration config) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        String name = config.targetName().replaceAll("[^A-Za-z0-9._-]+", "_");
        if (name.length() > 40) {
            name = name.substring(name.length() - 40);
        }
        return stamp + "-" + name.replaceAll("^[._-]+", "");
    }

    /** Feeds the runner's progress into the bar. */
    private record ProgressAdapter(ProgressBar bar) implements ConformanceRunner.Progress {
        @Override
        public void planned(int cases) {
            bar.start(cases);
        }

        @Override
        public void finished(CaseResult result) {
            bar.caseFinished(result);
        }
    }
}
