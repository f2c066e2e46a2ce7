package org.couchtck.kit.run;

import org.couchtck.kit.cases.Suite;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.Objects;
import org.couchtck.kit.endpoint.EndpointSpec;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.daemons.DaemonSettings;
import org.couchtck.kit.daemons.DaemonTargets;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServerOptions;

/**
 * Everything a run needs to know: the target, how to talk to it, and which cases to take. It travels to the
 * {@code couchtck} engine as JUnit Platform configuration parameters ({@link #toParameters()}), so any launcher —
 * the CLI, the Maven goal, an IDE — can configure the engine the same way.
 *
 * @param server the server command; empty means the embedded reference query server
 * @param profile the language, CouchDB version and missing features of the target
 * @param timeout per-message timeout
 * @param fixtures a corpus folder to load instead of the built-in corpus
 * @param selection which cases to run
 * @param baseline the target's known failures
 * @param startTimeout how long a new process may take for its first reply
 * @param suites which suites run
 * @param endpoint the {@code --endpoint} of the HTTP suite; empty means the embedded reference endpoint
 * @param endpointUser {@code name:password} of the endpoint's admin when not in its URL
 * @param daemons the targets of the daemon and {@code _external} suites, and their time bounds
 * @param endpointCommand the command of an endpoint the kit launches for the HTTP suite ({@code --endpoint-command})
 */
public record RunConfiguration(
        Optional<String> server,
        TargetProfile profile,
        Duration timeout,
        Optional<Path> fixtures,
        CaseSelection selection,
        Optional<Path> baseline,
        Duration startTimeout,
        Set<Suite> suites,
        Optional<String> endpoint,
        Optional<String> endpointUser,
        DaemonTargets daemons,
        Optional<String> endpointCommand) {

    public static final String SERVER = "couchtck.server";
    public static final String LANGUAGE = "couchtck.language";
    public static final String COUCHDB_VERSION = "couchtck.couchdbVersion";
    public static final String TIMEOUT_MILLIS = "couchtck.timeoutMillis";
    public static final String FIXTURES = "couchtck.fixtures";
    public static final String INCLUDE = "couchtck.include";
    public static final String EXCLUDE = "couchtck.exclude";
    public static final String LEVELS = "couchtck.levels";
    public static final String WITHOUT = "couchtck.without";
    public static final String BASELINE = "couchtck.baseline";
    public static final String PROFILE = "couchtck.profile";
    public static final String FUNCTIONS = "couchtck.functions";
    public static final String START_TIMEOUT_MILLIS = "couchtck.startTimeoutMillis";
    public static final String SUITES = "couchtck.suites";
    public static final String ENDPOINT = "couchtck.endpoint";
    public static final String ENDPOINT_USER = "couchtck.endpointUser";
    public static final String ENDPOINT_COMMAND = "couchtck.endpointCommand";
    public static final String DAEMON = "couchtck.daemon";
    public static final String DAEMON_CONFIG = "couchtck.daemonConfig";
    public static final String DAEMON_NAME = "couchtck.daemonName";
    public static final String EXTERNAL = "couchtck.external";
    public static final String EXIT_TIMEOUT_MILLIS = "couchtck.exitTimeoutMillis";
    public static final String DAEMON_FIRST_LINE_MILLIS = "couchtck.daemon.firstLineMillis";
    public static final String DAEMON_OBSERVE_MILLIS = "couchtck.daemon.observeMillis";
    public static final String DAEMON_PORT_MILLIS = "couchtck.daemon.portMillis";
    public static final String DAEMON_MAX_LINE_BYTES = "couchtck.daemon.maxLineBytes";

    public RunConfiguration {
        suites = suites.isEmpty() ? EnumSet.allOf(Suite.class) : Collections.unmodifiableSet(EnumSet.copyOf(suites));
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(endpointUser, "endpointUser");
        Objects.requireNonNull(daemons, "daemons");
        Objects.requireNonNull(endpointCommand, "endpointCommand");
    }

    /** A run whose HTTP suite, if it runs, launches no endpoint of its own. */
    public RunConfiguration(Optional<String> server, TargetProfile profile, Duration timeout, Optional<Path> fixtures,
            CaseSelection selection, Optional<Path> baseline, Duration startTimeout, Set<Suite> suites,
            Optional<String> endpoint, Optional<String> endpointUser, DaemonTargets daemons) {
        this(server, profile, timeout, fixtures, selection, baseline, startTimeout, suites, endpoint, endpointUser,
                daemons, Optional.empty());
    }

    /** A run whose daemon and {@code _external} suites, if they run, take the kit's own programs. */
    public RunConfiguration(Optional<String> server, TargetProfile profile, Duration timeout, Optional<Path> fixtures,
            CaseSelection selection, Optional<Path> baseline, Duration startTimeout, Set<Suite> suites,
            Optional<String> endpoint, Optional<String> endpointUser) {
        this(server, profile, timeout, fixtures, selection, baseline, startTimeout, suites, endpoint, endpointUser,
                DaemonTargets.defaults());
    }

    /** A run of the query-server suite only. */
    public RunConfiguration(Optional<String> server, TargetProfile profile, Duration timeout, Optional<Path> fixtures,
            CaseSelection selection, Optional<Path> baseline, Duration startTimeout) {
        this(server, profile, timeout, fixtures, selection, baseline, startTimeout, EnumSet.of(Suite.QUERY_SERVER),
                Optional.empty(), Optional.empty());
    }

    /** A query-server run with the default start-up grace ({@link StdioServerOptions#DEFAULT_START_TIMEOUT}). */
    public RunConfiguration(Optional<String> server, TargetProfile profile, Duration timeout, Optional<Path> fixtures,
            CaseSelection selection, Optional<Path> baseline) {
        this(server, profile, timeout, fixtures, selection, baseline, StdioServerOptions.DEFAULT_START_TIMEOUT);
    }

    /**
     * The default run: every suite, against the reference query server and the reference endpoint; JavaScript, the
     * latest CouchDB, 5 s per message, every case.
     */
    public static RunConfiguration defaults() {
        return new RunConfiguration(Optional.empty(),
                new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of()),
                Duration.ofSeconds(5), Optional.empty(), CaseSelection.all(), Optional.empty(),
                StdioServerOptions.DEFAULT_START_TIMEOUT, EnumSet.allOf(Suite.class), Optional.empty(), Optional.empty(),
                DaemonTargets.defaults());
    }

    /** This configuration running {@code wanted} suites. */
    public RunConfiguration withSuites(Set<Suite> wanted) {
        return new RunConfiguration(server, profile, timeout, fixtures, selection, baseline, startTimeout, wanted,
                endpoint, endpointUser, daemons, endpointCommand);
    }

    /** This configuration with the HTTP suite pointed at {@code spec} (see {@code --endpoint}). */
    public RunConfiguration withEndpoint(Optional<String> spec, Optional<String> user) {
        return new RunConfiguration(server, profile, timeout, fixtures, selection, baseline, startTimeout, suites,
                spec, user, daemons, endpointCommand);
    }

    /** This configuration launching its endpoint with {@code command} (see {@code --endpoint-command}). */
    public RunConfiguration withEndpointCommand(Optional<String> command) {
        return new RunConfiguration(server, profile, timeout, fixtures, selection, baseline, startTimeout, suites,
                endpoint, endpointUser, daemons, command.filter(c -> !c.isBlank()));
    }

    /** This configuration with the daemon and {@code _external} suites pointed at {@code targets}. */
    public RunConfiguration withDaemons(DaemonTargets targets) {
        return new RunConfiguration(server, profile, timeout, fixtures, selection, baseline, startTimeout, suites,
                endpoint, endpointUser, targets, endpointCommand);
    }

    /**
     * The endpoint the HTTP suite talks to.
     *
     * @throws IllegalArgumentException with a one-line reason for an unusable {@code --endpoint}, {@code --user} or
     *     {@code --endpoint-command}
     */
    public EndpointSpec endpointSpec() {
        return EndpointSpec.parse(endpoint.orElse(null), endpointUser, endpointCommand);
    }

    /** The command that starts the target. */
    public ServerCommand command() {
        return server.map(ServerCommand::parse).orElseGet(ServerCommand::reference);
    }

    /**
     * What the reports name the target: each running suite's target (the query server's command line, the endpoint's
     * URL without credentials or {@code docker:IMAGE}, the daemon's and the handler's command lines), or
     * {@code reference} for the kit's own; the distinct names in suite order, joined by {@code " + "}.
     */
    public String targetName() {
        Set<String> names = new LinkedHashSet<>();
        for (Suite suite : suites) {
            names.add(switch (suite) {
                case QUERY_SERVER -> server.orElse("reference");
                case HTTP -> endpointName();
                case DAEMON -> daemons.describeDaemon();
                case EXTERNAL -> daemons.describeExternal();
            });
        }
        return names.isEmpty() ? "reference" : String.join(" + ", names);
    }

    /** The HTTP suite's target in a few words: {@code reference}, a URL without credentials, or docker:IMAGE. */
    private String endpointName() {
        try {
            EndpointSpec spec = endpointSpec();
            return spec instanceof EndpointSpec.Reference ? "reference" : spec.describe();
        } catch (IllegalArgumentException e) {
            return endpoint.orElse("reference");
        }
    }

    /** This configuration as engine configuration parameters. */
    public Map<String, String> toParameters() {
        Map<String, String> parameters = new LinkedHashMap<>();
        server.ifPresent(s -> parameters.put(SERVER, s));
        parameters.put(LANGUAGE, profile.language());
        parameters.put(COUCHDB_VERSION, profile.couchDbVersion().toString());
        parameters.put(TIMEOUT_MILLIS, Long.toString(timeout.toMillis()));
        parameters.put(START_TIMEOUT_MILLIS, Long.toString(startTimeout.toMillis()));
        parameters.put(PROFILE, profile.conformance().id());
        parameters.put(FUNCTIONS, profile.functions().addedFiles().stream().map(Path::toString)
                .collect(Collectors.joining(",")));
        fixtures.ifPresent(f -> parameters.put(FIXTURES, f.toString()));
        parameters.put(INCLUDE, String.join(",", selection.include()));
        parameters.put(EXCLUDE, String.join(",", selection.exclude()));
        parameters.put(LEVELS, selection.levels().stream().map(Level::name).collect(Collectors.joining(",")));
        parameters.put(WITHOUT, String.join(",", new TreeSet<>(profile.without())));
        baseline.ifPresent(b -> parameters.put(BASELINE, b.toString()));
        parameters.put(SUITES, suites.stream().map(Suite::id).collect(Collectors.joining(",")));
        endpoint.ifPresent(e -> parameters.put(ENDPOINT, e));
        endpointUser.ifPresent(u -> parameters.put(ENDPOINT_USER, u));
        endpointCommand.ifPresent(c -> parameters.put(ENDPOINT_COMMAND, c));
        daemons.daemon().ifPresent(d -> parameters.put(DAEMON, d));
        daemons.daemonConfig().ifPresent(f -> parameters.put(DAEMON_CONFIG, f.toString()));
        parameters.put(DAEMON_NAME, daemons.daemonName());
        daemons.external().ifPresent(e -> parameters.put(EXTERNAL, e));
        DaemonSettings bounds = daemons.settings();
        parameters.put(EXIT_TIMEOUT_MILLIS, Long.toString(bounds.exitWithin().toMillis()));
        parameters.put(DAEMON_FIRST_LINE_MILLIS, Long.toString(bounds.firstLineWithin().toMillis()));
        parameters.put(DAEMON_OBSERVE_MILLIS, Long.toString(bounds.observe().toMillis()));
        parameters.put(DAEMON_PORT_MILLIS, Long.toString(bounds.portWithin().toMillis()));
        parameters.put(DAEMON_MAX_LINE_BYTES, Integer.toString(bounds.maxLineBytes()));
        return parameters;
    }

    /**
     * Reads a configuration back from parameters; anything missing takes its default.
     *
     * @param get looks a parameter up, empty when it is not set
     * @throws IllegalArgumentException naming the parameter whose value is unusable
     */
    public static RunConfiguration fromParameters(Function<String, Optional<String>> get) {
        RunConfiguration d = defaults();
        String language = get.apply(LANGUAGE).filter(s -> !s.isBlank()).orElse(d.profile().language());
        CouchDbVersion version = get.apply(COUCHDB_VERSION).filter(s -> !s.isBlank())
                .map(CouchDbVersion::parse).orElse(d.profile().couchDbVersion());
        Duration timeout = millis(get, TIMEOUT_MILLIS).orElse(d.timeout());
        Duration startTimeout = millis(get, START_TIMEOUT_MILLIS).orElse(d.startTimeout());
        Conformance conformance = get.apply(PROFILE).filter(s -> !s.isBlank()).map(Conformance::parse)
                .orElse(d.profile().conformance());
        FunctionLibrary functions = FunctionLibrary.builtIn()
                .withPacks(list(get.apply(FUNCTIONS)).stream().map(Path::of).toList());
        Set<Level> levels = EnumSet.noneOf(Level.class);
        for (String level : list(get.apply(LEVELS))) {
            try {
                levels.add(Level.valueOf(level.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown level '" + level + "' (expected one of "
                        + Arrays.toString(Level.values()) + ")");
            }
        }
        return new RunConfiguration(
                get.apply(SERVER).filter(s -> !s.isBlank()),
                new TargetProfile(language, version, Set.copyOf(list(get.apply(WITHOUT))), conformance, functions),
                timeout,
                get.apply(FIXTURES).filter(s -> !s.isBlank()).map(Path::of),
                new CaseSelection(list(get.apply(INCLUDE)), list(get.apply(EXCLUDE)), levels),
                get.apply(BASELINE).filter(s -> !s.isBlank()).map(Path::of),
                startTimeout,
                list(get.apply(SUITES)).stream().map(Suite::parse).collect(Collectors.toSet()),
                get.apply(ENDPOINT).filter(s -> !s.isBlank()),
                get.apply(ENDPOINT_USER).filter(s -> !s.isBlank()),
                daemons(get),
                get.apply(ENDPOINT_COMMAND).filter(s -> !s.isBlank()));
    }

    private static DaemonTargets daemons(Function<String, Optional<String>> get) {
        DaemonSettings d = DaemonSettings.defaults();
        long maxLine = positive(get, DAEMON_MAX_LINE_BYTES, "bytes").orElse((long) d.maxLineBytes());
        DaemonSettings bounds = new DaemonSettings(
                millis(get, DAEMON_FIRST_LINE_MILLIS).orElse(d.firstLineWithin()),
                millis(get, DAEMON_OBSERVE_MILLIS).orElse(d.observe()),
                millis(get, EXIT_TIMEOUT_MILLIS).orElse(d.exitWithin()),
                millis(get, DAEMON_PORT_MILLIS).orElse(d.portWithin()),
                (int) Math.min(Integer.MAX_VALUE, maxLine));
        return new DaemonTargets(get.apply(DAEMON).filter(s -> !s.isBlank()),
                get.apply(DAEMON_CONFIG).filter(s -> !s.isBlank()).map(Path::of),
                get.apply(DAEMON_NAME).filter(s -> !s.isBlank()).orElse(DaemonTargets.DEFAULT_NAME),
                get.apply(EXTERNAL).filter(s -> !s.isBlank()), bounds);
    }

    private static Optional<Duration> millis(Function<String, Optional<String>> get, String parameter) {
        return positive(get, parameter, "ms").map(Duration::ofMillis);
    }

    private static Optional<Long> positive(Function<String, Optional<String>> get, String parameter, String unit) {
        return get.apply(parameter).filter(s -> !s.isBlank()).map(s -> {
            try {
                long value = Long.parseLong(s.trim());
                if (value <= 0) {
                    throw new NumberFormatException();
                }
                return value;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(parameter + " must be a positive number of " + unit + ", not " + s);
            }
        });
    }

    private static List<String> list(Optional<String> value) {
        return value.stream()
                .flatMap(v -> Arrays.stream(v.split(",")))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
