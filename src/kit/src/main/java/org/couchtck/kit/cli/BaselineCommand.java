package org.couchtck.kit.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.ResultsJson;
import org.couchtck.kit.report.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code couchtck baseline RESULTS}: a starting baseline from a run's results, every FAIL, WARN and ERROR (and every
 * KNOWN the run's own baseline kept) with its failure as the reason, for the target's author to replace with why.
 */
@Command(name = "baseline", mixinStandardHelpOptions = true,
        description = "Write a starting baseline (--baseline FILE) from a run's results.json: each failing case with "
                + "its failure as the reason, to be replaced with why it fails.")
final class BaselineCommand implements Callable<Integer> {

    /** How the prefilled reasons start, so that one left as written stands out. */
    static final String TO_EDIT = "TO EDIT: why this fails; the run said: ";

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RESULTS", description = "A run's results.json (or its report folder).")
    Path results;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "Where to write it (default: standard output).")
    Path out;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Path file = Files.isDirectory(results) ? results.resolve("results.json") : results;
        RunResult run;
        try {
            run = ResultsJson.read(file);
        } catch (RuntimeException e) {
            err.println("couchtck: " + file + ": " + e.getMessage());
            return ExitCodes.USAGE;
        }
        List<CaseResult> failing = run.cases().stream().filter(c -> c.verdict() == Verdict.FAIL
                || c.verdict() == Verdict.WARN || c.verdict() == Verdict.ERROR || c.verdict() == Verdict.KNOWN)
                .toList();
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = json.createObjectNode();
        ArrayNode known = root.putArray("known");
        for (CaseResult c : failing) {
            known.addObject().put("id", c.caseId()).put("reason", c.verdict() == Verdict.KNOWN
                    ? c.baselineReason() : TO_EDIT + c.verdict() + " " + c.message());
        }
        try {
            String text = json.writeValueAsString(root) + "\n";
            if (out == null) {
                spec.commandLine().getOut().print(text);
                spec.commandLine().getOut().flush();
            } else {
                Files.writeString(out, text);
                err.println("couchtck: " + failing.size() + (failing.size() == 1 ? " case" : " cases") + " in "
                        + out + "; replace each \"" + TO_EDIT.strip() + "\" reason with why the target fails it");
            }
        } catch (IOException e) {
            err.println("couchtck: cannot write " + out + ": " + e.getMessage());
            return ExitCodes.USAGE;
        }
        return ExitCodes.OK;
    }
}
