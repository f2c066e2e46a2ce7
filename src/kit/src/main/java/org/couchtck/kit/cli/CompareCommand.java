package org.couchtck.kit.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.couchtck.kit.report.ResultsJson;
import org.couchtck.kit.report.RunComparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code couchtck compare}: what changed, case by case, between two runs. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two runs (their results.json or report folders); exit 1 when the second regressed.")
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "results.json of the earlier run, or its folder.")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "results.json of the later run, or its folder.")
    Path after;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RunComparison comparison;
        try {
            comparison = RunComparison.compare(ResultsJson.read(resultsOf(before)), ResultsJson.read(resultsOf(after)));
        } catch (RuntimeException e) {
            spec.commandLine().getErr().println("couchtck: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        out.print(comparison.toMarkdown());
        out.flush();
        return comparison.hasRegressions() ? ExitCodes.FAILURES : ExitCodes.OK;
    }

    private static Path resultsOf(Path path) {
        return Files.isDirectory(path) ? path.resolve("results.json") : path;
    }
}
