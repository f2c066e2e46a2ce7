package org.couchtck.kit.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.couchtck.kit.report.ComparisonHtml;
import org.couchtck.kit.report.ComparisonMarkdown;
import org.couchtck.kit.report.ResultsJson;
import org.couchtck.kit.report.RunComparison;
import org.couchtck.kit.run.Baseline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code couchtck compare}: what changed, case by case, between two runs; exit 1 when something regressed. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two runs (their results.json or report folders): newly failing cases first, other "
                + "verdict changes, fixed, added and removed cases, reply drift in cases whose verdict held, and "
                + "sections whose time changed beyond noise. Exit 1 when a case fails or errors that did not before.")
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "results.json of the earlier run, or its folder.")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "results.json of the later run, or its folder.")
    Path after;

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "Judge both runs with this baseline, as `couchtck run --baseline` does: a failure it lists "
                    + "is KNOWN, not a regression.")
    Path baseline;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Also write the comparison as Markdown here.")
    Path markdown;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison as an HTML page here.")
    Path html;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunComparison comparison;
        try {
            Optional<Baseline> judge = Optional.ofNullable(baseline).map(Baseline::read);
            comparison = RunComparison.compare(ResultsJson.read(resultsOf(before)), ResultsJson.read(resultsOf(after)),
                    judge);
        } catch (RuntimeException e) {
            err.println("couchtck: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        String text = ComparisonMarkdown.render(comparison);
        try {
            if (markdown != null) {
                Files.writeString(markdown, text);
            }
            if (html != null) {
                ComparisonHtml.write(comparison, html);
            }
        } catch (IOException e) {
            err.println("couchtck: cannot write the comparison: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        out.print(text);
        out.flush();
        return comparison.hasRegressions() ? ExitCodes.FAILURES : ExitCodes.OK;
    }

    private static Path resultsOf(Path path) {
        return Files.isDirectory(path) ? path.resolve("results.json") : path;
    }
}
