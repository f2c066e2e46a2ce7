package org.couchtck.kit.cli;

import org.couchtck.kit.bench.AutoindexBenchmark;
import org.couchtck.kit.bench.EndpointBenchmark;
import org.couchtck.kit.endpoint.EndpointSpec;
import org.couchtck.kit.endpoint.EndpointStartException;
import org.couchtck.kit.endpoint.RunningEndpoint;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.couchtck.kit.bench.BenchMode;
import org.couchtck.kit.bench.BenchResult;
import org.couchtck.kit.bench.BenchWorkload;
import org.couchtck.kit.bench.Benchmark;
import org.couchtck.kit.bench.PipeBenchmark;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.TargetStartException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code couchtck bench}: documents per second and latency of map_doc against any server. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure throughput and latency of a query server on a map, show or filter workload, "
                + "lockstep and pipelined.")
final class BenchCommand implements Callable<Integer> {

    enum Modes { lockstep, pipelined, both }

    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions target;

    /** The workloads on the command line: five for a query server, two for an HTTP endpoint. */
    enum Workload {
        map, echo, show, filter, mapPipe, writes, autoindex;

        /** The name on the command line. */
        String label() {
            return this == mapPipe ? "map-pipe" : name();
        }
    }

    /** Reads a workload by its command-line name. */
    static final class WorkloadConverter implements picocli.CommandLine.ITypeConverter<Workload> {
        @Override
        public Workload convert(String value) {
            for (Workload w : Workload.values()) {
                if (w.label().equals(value)) {
                    return w;
                }
            }
            throw new picocli.CommandLine.TypeConversionException("expected one of map, echo, show, filter, map-pipe,"
                    + " writes, autoindex but was '" + value + "'");
        }
    }

    /** Documents of the map-pipe workload when --docs is not given: the input the reference's speed is judged on. */
    static final int MAP_PIPE_DOCS = 100_000;

    @Option(names = "--workload", defaultValue = "map", converter = WorkloadConverter.class,
            description = "What to measure: map (add_fun + map_doc), echo (map_doc with no function, any reply "
                    + "taken: the kit's own exchange rate against a server that answers at once), show (ddoc show per"
                    + " document) or filter (ddoc filter over batches) against --server, lockstep and pipelined; "
                    + "map-pipe (the whole "
                    + "input of one map function and " + MAP_PIPE_DOCS + " documents piped in at once, the process"
                    + " timed whole: wall, CPU, peak memory, start-up, output hash) against --server; writes "
                    + "(concurrent document writes and continuous-feed delivery) or autoindex (how long background "
                    + "indexing takes to build a view of --docs documents nobody queries) against --endpoint "
                    + "(default: ${DEFAULT-VALUE}).")
    Workload workload;

    @Option(names = "--writers", split = ",", defaultValue = "1,8", paramLabel = "N",
            description = "Concurrent writers of the writes workload, one measurement each (default: ${DEFAULT-VALUE}).")
    List<Integer> writers = new java.util.ArrayList<>();

    @Option(names = "--batch", defaultValue = "100",
            description = "Documents per filter request (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--docs", defaultValue = "10000", description = "Timed documents per run (default: ${DEFAULT-VALUE}).")
    int docs;

    @Option(names = "--warmup", defaultValue = "2000", description = "Untimed documents first in each run (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--runs", defaultValue = "5", description = "Runs per mode, each in a fresh process; the median is quoted (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--mode", defaultValue = "both", description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Modes mode;

    @Option(names = {"--function", "--map"}, paramLabel = "SOURCE",
            description = "Source of the workload's function in the target's language (default: a JavaScript function "
                    + "per workload).")
    String function;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the generated documents (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        if (workload == Workload.writes || workload == Workload.autoindex) {
            return benchEndpoint();
        }
        if (workload == Workload.mapPipe) {
            return benchPipe();
        }
        BenchWorkload workload = BenchWorkload.valueOf(this.workload.name().toUpperCase(java.util.Locale.ROOT));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (docs < 1 || runs < 1 || warmup < 0 || batch < 1) {
            err.println("couchtck: --docs, --runs and --batch must be at least 1, --warmup at least 0");
            return ExitCodes.USAGE;
        }
        java.util.Optional<QueryServerTarget> server = queryServerTarget(err);
        if (server.isEmpty()) {
            return ExitCodes.USAGE;
        }
        TargetProfile profile = server.get().profile();
        ServerCommand command = server.get().command();
        Benchmark benchmark = new Benchmark(command, new Benchmark.Options(workload,
                function != null ? function : workload.defaultJavaScript(), docs, warmup, batch, runs, seed, profile,
                target.timeout, target.startTimeout));
        out.printf("bench: %s workload, %d docs x %d runs (+%d warm-up), seed %d%n  server: %s%n",
                workload.name().toLowerCase(java.util.Locale.ROOT), docs, runs, warmup, seed, command.display());
        out.flush();
        List<BenchMode> modes = switch (mode) {
            case lockstep -> List.of(BenchMode.LOCKSTEP);
            case pipelined -> List.of(BenchMode.PIPELINED);
            case both -> List.of(BenchMode.LOCKSTEP, BenchMode.PIPELINED);
        };
        for (BenchMode m : modes) {
            try {
                BenchResult result = benchmark.run(m);
                out.println(result.describe());
                out.flush();
            } catch (TargetStartException e) {
                err.println("couchtck: " + e.getMessage());
                return ExitCodes.TARGET_UNAVAILABLE;
            } catch (Benchmark.BenchException e) {
                err.println("couchtck: " + m.label() + ": " + e.getMessage());
                return ExitCodes.FAILURES;
            }
        }
        return ExitCodes.OK;
    }

    private int benchPipe() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int pipeDocs = spec.commandLine().getParseResult().hasMatchedOption("--docs") ? docs : MAP_PIPE_DOCS;
        if (pipeDocs < 1 || runs < 1) {
            err.println("couchtck: --docs and --runs must be at least 1");
            return ExitCodes.USAGE;
        }
        java.util.Optional<QueryServerTarget> server = queryServerTarget(err);
        if (server.isEmpty()) {
            return ExitCodes.USAGE;
        }
        TargetProfile profile = server.get().profile();
        ServerCommand command = server.get().command();
        PipeBenchmark benchmark = new PipeBenchmark(command, new PipeBenchmark.Options(pipeDocs, runs, seed,
                new org.couchtck.kit.cases.StepRenderer(profile).resetLine(),
                function != null ? function : org.couchtck.reference.queryserver.MapPipeWorkload.MAP_FUNCTION,
                PIPE_RUN_LIMIT));
        out.printf("bench: map-pipe workload, %d docs x %d runs (whole input piped in at once), seed %d%n"
                + "  server: %s%n", pipeDocs, runs, seed, command.display());
        out.flush();
        try {
            out.println(PipeBenchmark.describe(pipeDocs, benchmark.run()));
            return ExitCodes.OK;
        } catch (java.io.IOException e) {
            err.println("couchtck: cannot start the server: " + e.getMessage());
            return ExitCodes.TARGET_UNAVAILABLE;
        } catch (PipeBenchmark.PipeException e) {
            err.println("couchtck: map-pipe: " + e.getMessage());
            return ExitCodes.FAILURES;
        }
    }

    /** The query server a workload runs against, and its language and CouchDB version. */
    private record QueryServerTarget(TargetProfile profile, ServerCommand command) {}

    // The target from the options, or empty after saying on err what is wrong with them.
    private java.util.Optional<QueryServerTarget> queryServerTarget(PrintWriter err) {
        try {
            TargetProfile profile = target.profile();
            if (function == null && !profile.language().equals("javascript")) {
                err.println("couchtck: --function is required for language " + profile.language());
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(new QueryServerTarget(profile,
                    target.serverCommand().map(ServerCommand::parse).orElseGet(ServerCommand::reference)));
        } catch (IllegalArgumentException | org.couchtck.kit.cases.FixtureException e) {
            err.println("couchtck: " + e.getMessage());
            return java.util.Optional.empty();
        }
    }

    /** How long one map-pipe run may take before the server is killed. */
    private static final Duration PIPE_RUN_LIMIT = Duration.ofMinutes(10);

    private int benchEndpoint() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        EndpointSpec endpointSpec;
        try {
            endpointSpec = target.endpointSpec();
        } catch (IllegalArgumentException e) {
            err.println("couchtck: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (docs < 1 || runs < 1 || warmup < 0 || writers.isEmpty() || writers.stream().anyMatch(w -> w < 1)) {
            err.println("couchtck: --docs, --runs and every --writers value must be at least 1, --warmup at least 0");
            return ExitCodes.USAGE;
        }
        try (RunningEndpoint endpoint = RunningEndpoint.start(endpointSpec, target.timeout, target.startTimeout,
                false)) {
            String authorization = endpoint.target().adminCredentials().map(c -> c.basicAuthorization()).orElse(null);
            if (workload == Workload.autoindex) {
                out.printf("bench: autoindex workload, %d docs x %d runs (docs first, then the design doc; timed until"
                        + " update=false shows every row)%n  endpoint: %s%n", docs, runs, endpoint.description());
                out.flush();
                AutoindexBenchmark benchmark = new AutoindexBenchmark(endpoint.target().baseUri(), authorization,
                        new AutoindexBenchmark.Options(docs, runs, seed, target.timeout, Duration.ofMinutes(10)));
                out.println(benchmark.run().describe());
                return ExitCodes.OK;
            }
            EndpointBenchmark benchmark = new EndpointBenchmark(endpoint.target().baseUri(), authorization,
                    new EndpointBenchmark.Options(docs, warmup, runs, seed, target.timeout.multipliedBy(6)));
            out.printf("bench: writes workload, %d docs x %d runs (+%d warm-up) per writer count%n  endpoint: %s%n",
                    docs, runs, warmup, endpoint.description());
            out.flush();
            for (int w : writers) {
                out.println(benchmark.run(w).describe());
                out.flush();
            }
            return ExitCodes.OK;
        } catch (EndpointStartException e) {
            err.println("couchtck: " + e.getMessage());
            return ExitCodes.TARGET_UNAVAILABLE;
        } catch (EndpointBenchmark.BenchException e) {
            err.println("couchtck: " + workload + ": " + e.getMessage());
            return ExitCodes.FAILURES;
        }
    }
}
