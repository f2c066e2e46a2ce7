package org.couchtck.kit.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.report.Badge;
import org.couchtck.kit.report.Matrix;
import org.couchtck.kit.report.MatrixHtml;
import org.couchtck.kit.report.MatrixJson;
import org.couchtck.kit.report.MatrixMarkdown;
import org.couchtck.kit.report.ResultsJson;
import org.couchtck.kit.report.RunResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code couchtck matrix}: several implementations side by side. Runs the kit against each named target as {@code
 * couchtck run} would (each with its own report folder under the output folder) and/or takes report folders of
 * earlier runs, and writes matrix.html, matrix.json, matrix.md and a badge per target.
 */
@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = "Run the kit against several targets, or combine report folders, into one matrix "
                + "(matrix.html, matrix.json, matrix.md) with an SVG badge per target.")
final class MatrixCommand implements Callable<Integer> {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "[NAME=]REPORT", arity = "0..*",
            description = "Report folders (or results.json files) of earlier runs; the column is named after the "
                    + "folder unless NAME= is given.")
    List<String> reports = new ArrayList<>();

    @Option(names = "--server", paramLabel = "NAME=COMMAND",
            description = "A query server to run the query-server suite against (COMMAND 'reference': the "
                    + "embedded reference); repeatable.")
    List<String> servers = new ArrayList<>();

    @Option(names = "--endpoint", paramLabel = "NAME=URL",
            description = "An HTTP endpoint to run the HTTP suite against (URL as for run --endpoint; 'reference': "
                    + "the embedded reference endpoint); repeatable.")
    List<String> endpoints = new ArrayList<>();

    @Option(names = "--target", paramLabel = "NAME=RUN-OPTIONS",
            description = "A target given by options of `couchtck run`, e.g. py=\"--server 'python3 -m couchdb.view' "
                    + "--language python\"; repeatable.")
    List<String> targets = new ArrayList<>();

    @Option(names = "--with", paramLabel = "RUN-OPTIONS",
            description = "Options of `couchtck run` for every target that is run, e.g. \"--include 'qs.map_doc.*' "
                    + "--no-generated\".")
    String with;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write the matrix (default: reports/matrix-<time>).")
    Path out;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        List<Planned> plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            stderr.println("couchtck: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Path dir = out != null ? out : Path.of("reports", "matrix-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
        List<Matrix.Target> columns = new ArrayList<>();
        for (Planned planned : plan) {
            Matrix.Target column;
            try {
                column = planned.report() != null ? read(planned) : run(planned, dir, stdout);
            } catch (UsageException e) {
                stderr.println("couchtck: target " + planned.name() + ": " + e.getMessage());
                return ExitCodes.USAGE;
            }
            columns.add(column);
        }
        Matrix matrix = Matrix.of(columns);
        try {
            Files.createDirectories(dir.resolve("badges"));
            MatrixHtml.write(matrix, dir.resolve("matrix.html"));
            MatrixJson.write(matrix, dir.resolve("matrix.json"));
            Files.writeString(dir.resolve("matrix.md"), MatrixMarkdown.render(matrix));
            for (Matrix.Target target : matrix.targets()) {
                Badge.write(target, dir.resolve("badges").resolve(target.name() + ".svg"));
            }
        } catch (IOException e) {
            stderr.println("couchtck: cannot write the matrix to " + dir + ": " + e.getMessage());
            return ExitCodes.USAGE;
        }
        stdout.print(MatrixMarkdown.render(matrix));
        stdout.println("Matrix: " + dir.resolve("matrix.html") + " (also matrix.json, matrix.md, badges/)");
        stdout.flush();
        return matrix.allPassed() ? ExitCodes.OK : ExitCodes.FAILURES;
    }

    /** One column to make: a report to read, or run options to run. */
    private record Planned(String name, Path report, List<String> runOptions) {}

    private List<Planned> plan() {
        List<Planned> plan = new ArrayList<>();
        for (String report : reports) {
            int eq = report.indexOf('=');
            Path path = Path.of(eq > 0 ? report.substring(eq + 1) : report);
            String name = eq > 0 ? report.substring(0, eq) : nameOf(path);
            plan.add(new Planned(name, path, List.of()));
        }
        List<String> common = with == null || with.isBlank() ? List.of() : ServerCommand.parse(with).argv();
        for (String server : servers) {
            String[] named = named("--server", server);
            List<String> options = new ArrayList<>(List.of("--suite", "query-server"));
            if (!named[1].equals("reference")) {
                options.addAll(List.of("--server", named[1]));
            }
            options.addAll(common);
            plan.add(new Planned(named[0], null, options));
        }
        for (String endpoint : endpoints) {
            String[] named = named("--endpoint", endpoint);
            List<String> options = new ArrayList<>(List.of("--suite", "http", "--endpoint", named[1]));
            options.addAll(common);
            plan.add(new Planned(named[0], null, options));
        }
        for (String target : targets) {
            String[] named = named("--target", target);
            List<String> options = new ArrayList<>(ServerCommand.parse(named[1]).argv());
            options.addAll(common);
            plan.add(new Planned(named[0], null, options));
        }
        if (plan.isEmpty()) {
            throw new IllegalArgumentException("nothing to put in a matrix: give report folders, --server, "
                    + "--endpoint or --target");
        }
        Set<String> names = new HashSet<>();
        for (Planned planned : plan) {
            if (!NAME.matcher(planned.name()).matches()) {
                throw new IllegalArgumentException("'" + planned.name() + "' cannot name a column (letters, digits, "
                        + "'.', '_' and '-'; give NAME=...)");
            }
            if (!names.add(planned.name())) {
                throw new IllegalArgumentException("two columns are named '" + planned.name() + "'");
            }
        }
        return plan;
    }

    private static String[] named(String option, String value) {
        int eq = value.indexOf('=');
        if (eq <= 0 || eq == value.length() - 1) {
            throw new IllegalArgumentException(option + " wants NAME=VALUE, got '" + value + "'");
        }
        return new String[] {value.substring(0, eq), value.substring(eq + 1)};
    }

    private static String nameOf(Path report) {
        Path folder = Files.isDirectory(report) ? report : report.toAbsolutePath().getParent();
        Path name = folder == null ? null : folder.getFileName();
        return name == null ? report.toString() : name.toString();
    }

    private static Matrix.Target read(Planned planned) {
        Path results = Files.isDirectory(planned.report()) ? planned.report().resolve("results.json") : planned.report();
        try {
            return Matrix.Target.ran(planned.name(), ResultsJson.read(results));
        } catch (RuntimeException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Runs one target as `couchtck run` with its own report folder; a target that never ran is a column saying why. */
    private static Matrix.Target run(Planned planned, Path dir, PrintWriter stdout) {
        Path reportDir = dir.resolve(planned.name());
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(planned.runOptions());
        args.addAll(List.of("--no-progress", "--report-dir", reportDir.toString()));
        StringWriter runOut = new StringWriter();
        StringWriter runErr = new StringWriter();
        CommandLine cli = CouchTckCommand.commandLine();
        cli.setOut(new PrintWriter(runOut, true));
        cli.setErr(new PrintWriter(runErr, true));
        int status = cli.execute(args.toArray(String[]::new));
        if (status == ExitCodes.USAGE) {
            throw new UsageException(runErr.toString().strip());
        }
        Path results = reportDir.resolve("results.json");
        // a target that could not be used writes results that say why, and no case: a column saying why
        boolean notRun = status == ExitCodes.TARGET_UNAVAILABLE && (!Files.isRegularFile(results)
                || ResultsJson.read(results).cases().isEmpty());
        if (notRun) {
            String why = runErr.toString().strip();
            stdout.println(planned.name() + ": unavailable: " + why.lines().findFirst().orElse("no reason given"));
            return Matrix.Target.unavailable(planned.name(), why);
        }
        RunResult run = ResultsJson.read(results);
        stdout.println(planned.name() + ": " + run.cases().size() + " cases, " + (run.passed() ? "passed" : "failed")
                + " (reports in " + reportDir + ")");
        return Matrix.Target.ran(planned.name(), run);
    }

    /** A target's options or reports that cannot be used: the whole command is a usage error. */
    private static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
