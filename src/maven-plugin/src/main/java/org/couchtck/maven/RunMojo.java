package org.couchtck.maven;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.couchtck.kit.cli.CouchTckCommand;
import org.couchtck.kit.process.ServerCommand;

/**
 * Runs the couchtck conformance suites, as {@code couchtck run} does, in the build's JVM, and fails the build when
 * the target breaks a MUST (FAIL), could not be judged (ERROR) or no longer fails a case its baseline lists (STALE).
 * Every parameter is one of the command's options; each can also be set with its user property ({@code
 * -Dcouchtck.server=...}).
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST, requiresProject = true,
        requiresDependencyResolution = ResolutionScope.RUNTIME)
public class RunMojo extends AbstractMojo {

    private static final String DEFAULT_REPORT_FOLDER = "couchtck-reports";

    /** Command line of the query server to test. Default: the reference query server, in its own JVM. */
    @Parameter(property = "couchtck.server")
    String server;

    /**
     * A query server written in this project: its main class, run with this build's java on the project's compiled
     * classes and runtime dependencies (instead of {@code server}).
     */
    @Parameter(property = "couchtck.serverMainClass")
    String serverMainClass;

    /** Arguments of {@code serverMainClass}. */
    @Parameter
    List<String> serverArguments = new ArrayList<>();

    /** JVM options of {@code serverMainClass} (e.g. {@code -Xmx256m}). */
    @Parameter
    List<String> serverJvmOptions = new ArrayList<>();

    @Parameter(defaultValue = "${project.runtimeClasspathElements}", readonly = true)
    List<String> runtimeClasspath = new ArrayList<>();

    /** Language of the functions sent to the server ({@code javascript}, {@code python}, or a pack's language). */
    @Parameter(property = "couchtck.language")
    String language;

    /** Function packs adding a language or replacing sources of one ({@code couchtck functions} says what). */
    @Parameter
    List<File> functions = new ArrayList<>();

    /**
     * The HTTP suite's target: {@code http(s)://[user:pass@]host:port}, {@code docker:IMAGE} or {@code reference}
     * (the embedded reference endpoint).
     */
    @Parameter(property = "couchtck.endpoint")
    String endpoint;

    /**
     * The command line of a CouchDB-compatible server the kit starts, supervises and stops for the HTTP suite:
     * {@code {port}} in it becomes a free port, {@code {dir}} a new folder deleted at the end; it is started again after
     * it exits, and the case whose request it was answering is named.
     */
    @Parameter(property = "couchtck.endpointCommand")
    String endpointCommand;

    /** The endpoint's server-admin credentials, {@code NAME:PASSWORD}, instead of in the URL. */
    @Parameter(property = "couchtck.user")
    String user;

    /** Command line of the OS daemon the daemon suite plays CouchDB towards. Default: the kit's own daemon. */
    @Parameter(property = "couchtck.daemon")
    String daemon;

    /**
     * An ini file (CouchDB's syntax) the daemon's get requests are answered from; the kit adds the daemon to
     * {@code [os_daemons]} and a free port to {@code [NAME] port}.
     */
    @Parameter(property = "couchtck.daemonConfig")
    File daemonConfig;

    /** The daemon's name: its key in {@code [os_daemons]} and the section its port goes in (the kit's default: couchtck). */
    @Parameter(property = "couchtck.daemonName")
    String daemonName;

    /** Command line of the {@code _external} handler the external suite plays CouchDB towards. Default: the kit's own. */
    @Parameter(property = "couchtck.external")
    String external;

    /** How long a daemon or handler may take to exit once its standard input closes ({@code 3s}, the kit's default). */
    @Parameter(property = "couchtck.exitTimeout")
    String exitTimeout;

    /**
     * Which suites run: {@code query-server}, {@code http}, {@code daemon}, {@code external}. Default: those whose
     * target is set ({@code server}, {@code fixtures}: query-server; {@code endpoint}: http; {@code daemon},
     * {@code daemonConfig}, {@code daemonName}: daemon; {@code external}: external), all of them when none is.
     */
    @Parameter(property = "couchtck.suites")
    List<String> suites = new ArrayList<>();

    /** What the target is measured against: {@code couchdb} (what CouchDB relies on) or {@code couchjs}. */
    @Parameter(property = "couchtck.profile")
    String profile;

    /** CouchDB version whose message shapes are sent (the kit's default: 3.5.2). */
    @Parameter(property = "couchtck.couchdbVersion")
    String couchdbVersion;

    /** Case-id globs to run ({@code qs.map_doc.*}); all cases when empty. */
    @Parameter(property = "couchtck.includes")
    List<String> includes = new ArrayList<>();

    /** Case-id globs to leave out. */
    @Parameter(property = "couchtck.excludes")
    List<String> excludes = new ArrayList<>();

    /** Only cases of these levels: {@code MUST}, {@code SHOULD}, {@code MAY}, {@code INFO}. */
    @Parameter(property = "couchtck.levels")
    List<String> levels = new ArrayList<>();

    /** Features the target lacks (e.g. {@code sandbox.timeout}); cases needing them are NA. */
    @Parameter(property = "couchtck.without")
    List<String> without = new ArrayList<>();

    /** The target's known failures, each with a reason (the kit's baseline format). */
    @Parameter(property = "couchtck.baseline")
    File baseline;

    /**
     * Fail the build when fewer of the profile's MUST cases than this applied: a number ({@code 80}) or a percentage
     * ({@code 90%}). Cases NA for want of a function source or of a feature count against it.
     */
    @Parameter(property = "couchtck.minApplicable")
    String minApplicable;

    /** Load query-server cases from this folder instead of the built-in corpus. */
    @Parameter(property = "couchtck.fixtures")
    File fixtures;

    /** Where the reports go (results.json, report.html, junit.xml, summary.md). */
    @Parameter(property = "couchtck.reportDirectory", defaultValue = "${project.build.directory}/couchtck-reports")
    File reportDirectory;

    /**
     * Where a copy of junit.xml goes as {@code TEST-couchtck.xml}, so that the tools that read Failsafe's reports
     * (CI test tabs, the Surefire report plugin with {@code reportsDirectories}) show the cases. Empty: no copy. An
     * execution with a report directory of another name writes {@code TEST-couchtck-<that name>.xml}, so that two
     * executions (two servers) do not overwrite each other's.
     */
    @Parameter(property = "couchtck.junitReportsDirectory", defaultValue = "${project.build.directory}/failsafe-reports")
    File junitReportsDirectory;

    /** Per-message timeout ({@code 500ms}, {@code 5s}); the kit's default is 5s. */
    @Parameter(property = "couchtck.timeout")
    String timeout;

    /** How long each new server process may take for its first reply; the kit's default is 30s. */
    @Parameter(property = "couchtck.startTimeout")
    String startTimeout;

    /** Seed of the generated suites; a new one each run when unset (the run prints it). */
    @Parameter(property = "couchtck.seed")
    Long seed;

    /** Whether the generated suites run; the kit's default: yes with the built-in corpus. */
    @Parameter(property = "couchtck.generated")
    Boolean generated;

    /** Budget of the generated suites: cases per property. */
    @Parameter(property = "couchtck.casesPerProperty")
    Integer casesPerProperty;

    /** Budget of the generated suites: time per suite ({@code 30s}). */
    @Parameter(property = "couchtck.timePerSuite")
    String timePerSuite;

    /** Skips this goal. */
    @Parameter(property = "couchtck.skip", defaultValue = "false")
    boolean skip;

    /** Skips this goal, as it skips Surefire's and Failsafe's tests. */
    @Parameter(property = "skipTests", defaultValue = "false")
    boolean skipTests;

    /** Skips this goal, as it skips Failsafe's integration tests. */
    @Parameter(property = "skipITs", defaultValue = "false")
    boolean skipITs;

    /** Skips this goal, as it skips compiling and running tests. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    boolean mavenTestSkip;

    /** Reports failures without failing the build (as Surefire's and Failsafe's option of the same name). */
    @Parameter(property = "maven.test.failure.ignore", defaultValue = "false")
    boolean testFailureIgnore;

    /**
     * The libraries the kit runs in the build's JVM (the reference endpoint's Jetty, Testcontainers, WireMock) log
     * through Maven's SLF4J provider, which would print their INFO lines into the build: a passing build says only
     * what the kit says. Maven's provider reads a logger's level from these system properties when the logger is
     * made; one the user set is kept.
     */
    private static void quietLibraries() {
        for (String library : List.of("org.eclipse.jetty", "org.testcontainers", "com.github.dockerjava",
                "wiremock", "com.github.tomakehurst")) {
            String key = "org.slf4j.simpleLogger.log." + library;
            if (System.getProperty(key) == null) {
                System.setProperty(key, "warn");
            }
        }
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip || skipTests || skipITs || mavenTestSkip) {
            getLog().info("couchtck: skipped");
            return;
        }
        Path reports = reportDirectory.toPath();
        if (serverMainClass != null && !serverMainClass.isBlank() && server != null && !server.isBlank()) {
            throw new MojoExecutionException("couchtck: give server or serverMainClass, not both");
        }
        List<String> arguments = arguments();
        getLog().debug("couchtck " + String.join(" ", arguments));
        quietLibraries();
        int status;
        StringBuilder errors = new StringBuilder();
        try (MavenLogWriter out = new MavenLogWriter(getLog()::info);
                MavenLogWriter err = new MavenLogWriter(line -> {
                    errors.append(line).append('\n');
                    getLog().error(line);
                })) {
            status = CouchTckCommand.commandLine()
                    .setOut(new PrintWriter(out, true))
                    .setErr(new PrintWriter(err, true))
                    .execute(arguments.toArray(String[]::new));
        }
        copyJunitReport(reports);
        RunVerdict verdict = RunVerdict.of(status, reports, errors.toString());
        if (verdict.passed()) {
            return;
        }
        if (verdict.isTargetProblem() && testFailureIgnore) {
            getLog().warn(verdict.message());
            return;
        }
        if (verdict.isTargetProblem()) {
            throw new MojoFailureException(verdict.message());
        }
        throw new MojoExecutionException(verdict.message());
    }

    /** The {@code couchtck run} command line these parameters stand for. */
    List<String> arguments() {
        KitArguments args = new KitArguments("run");
        args.option("--server", serverCommand());
        args.option("--language", language);
        functions.forEach(file -> args.option("--functions", file.getPath()));
        args.option("--endpoint", endpoint);
        args.option("--endpoint-command", endpointCommand);
        args.option("--user", user);
        args.option("--daemon", daemon);
        args.option("--daemon-config", daemonConfig == null ? null : daemonConfig.getPath());
        args.option("--daemon-name", daemonName);
        args.option("--external", external);
        args.option("--exit-timeout", exitTimeout);
        args.list("--suite", suites);
        args.option("--profile", profile);
        args.option("--couchdb-version", couchdbVersion);
        args.list("--include", includes);
        args.list("--exclude", excludes);
        args.list("--level", levels);
        args.list("--without", without);
        args.option("--baseline", baseline == null ? null : baseline.getPath());
        args.option("--min-applicable", minApplicable);
        args.option("--fixtures", fixtures == null ? null : fixtures.getPath());
        args.option("--timeout", timeout);
        args.option("--start-timeout", startTimeout);
        args.option("--seed", seed == null ? null : seed.toString());
        args.option("--cases-per-property", casesPerProperty == null ? null : casesPerProperty.toString());
        args.option("--time-per-suite", timePerSuite);
        if (generated != null) {
            args.flag(generated ? "--generated" : "--no-generated");
        }
        args.option("--report-dir", reportDirectory.getPath());
        args.flag("--no-progress");
        return args.toList();
    }

    /** {@code server}, or the command line that runs {@code serverMainClass} on the project's runtime class path. */
    String serverCommand() {
        if (serverMainClass == null || serverMainClass.isBlank()) {
            return server;
        }
        List<String> argv = new ArrayList<>();
        argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        argv.addAll(serverJvmOptions);
        argv.add("-cp");
        argv.add(String.join(File.pathSeparator, runtimeClasspath));
        argv.add(serverMainClass.strip());
        argv.addAll(serverArguments);
        // Quoted so that the kit splits it back into exactly these arguments, spaces in paths included.
        return new ServerCommand(argv).display();
    }

    static String junitReportName(Path reports) {
        Path name = reports.getFileName();
        return name == null || name.toString().equals(DEFAULT_REPORT_FOLDER) ? "TEST-couchtck.xml"
                : "TEST-couchtck-" + name + ".xml";
    }

    private void copyJunitReport(Path reports) throws MojoExecutionException {
        Path junit = reports.resolve("junit.xml");
        if (junitReportsDirectory == null || junitReportsDirectory.getPath().isBlank() || !Files.isRegularFile(junit)) {
            return;
        }
        try {
            Files.createDirectories(junitReportsDirectory.toPath());
            Files.copy(junit, junitReportsDirectory.toPath().resolve(junitReportName(reports)),
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new MojoExecutionException("couchtck: cannot copy " + junit + " to " + junitReportsDirectory
                    + ": " + e.getMessage(), e);
        }
    }
}
