package org.couchtck.maven;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.report.ResultsJson;
import org.couchtck.kit.report.RunResult;

/**
 * What a run's exit status means for the build, and the message that says so: the failed case ids and where the
 * reports are, so that a red build names what to look at without opening the log.
 */
final class RunVerdict {

    /** How many failed case ids the message lists before it says how many more there are. */
    static final int LISTED_CASES = 25;

    private final int status;
    private final String message;

    private RunVerdict(int status, String message) {
        this.status = status;
        this.message = message;
    }

    /**
     * @param status the exit status of {@code couchtck run}
     * @param reports the run's report folder
     * @param errors what the kit printed on its error stream
     */
    static RunVerdict of(int status, Path reports, String errors) {
        return new RunVerdict(status, switch (status) {
            case 0 -> "";
            case 1 -> failures(reports, errors);
            case 2 -> "couchtck: the run's configuration is unusable: " + errors.strip();
            case 3 -> "couchtck: the target could not be started or never answered: " + errors.strip()
                    + reportsAt(reports);
            default -> "couchtck: ended with status " + status + ": " + errors.strip();
        });
    }

    private static String failures(Path reports, String errors) {
        Path results = reports.resolve("results.json");
        RunResult run;
        try {
            run = ResultsJson.read(results);
        } catch (RuntimeException e) {
            return "couchtck: the target failed, and its results cannot be read (" + e.getMessage() + ")"
                    + reportsAt(reports);
        }
        List<CaseResult> failed = run.cases().stream().filter(c -> c.verdict().failsRun()).toList();
        if (failed.isEmpty()) {
            // Every case passed and the run failed all the same: too little coverage for minApplicable.
            return errors.strip() + reportsAt(reports);
        }
        String listed = failed.stream().limit(LISTED_CASES)
                .map(c -> "  " + c.verdict() + " " + c.caseId())
                .collect(Collectors.joining("\n"));
        String more = failed.size() > LISTED_CASES ? "\n  ... and " + (failed.size() - LISTED_CASES) + " more" : "";
        return "couchtck: " + failed.size() + (failed.size() == 1 ? " case" : " cases") + " of " + run.cases().size()
                + " failed against " + shortened(run.target().name()) + ":\n" + listed + more + reportsAt(reports);
    }

    /** A server's command line can hold a whole class path: its start and its end say which server it is. */
    private static String shortened(String target) {
        return target.length() <= 120 ? target : target.substring(0, 80) + " ... " + target.substring(target.length() - 35);
    }

    private static String reportsAt(Path reports) {
        return "\nReports: " + reports.resolve("report.html") + " (all: " + reports + ")";
    }

    boolean passed() {
        return status == 0;
    }

    /** Whether the target, not the build's configuration, is what failed (failures, or a target that never ran). */
    boolean isTargetProblem() {
        return status == 1 || status == 3;
    }

    String message() {
        return message;
    }
}
