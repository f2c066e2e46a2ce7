package org.couchtck.kit.report;

import java.util.List;
import java.util.Map;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * The few lines printed at the end of {@code couchtck run}: totals and outcome, the failing cases with one-line
 * reasons, and where the reports are. Server text is flattened and stripped of control characters, so a
 * hostile reply cannot drive the terminal.
 */
public final class ConsoleSummary {

    /** How many failing cases are listed before "… and N more". */
    static final int MAX_LISTED = 20;
    private static final int MAX_MESSAGE = 120;

    private static final String RED = "\u001b[31m";
    private static final String GREEN = "\u001b[32m";
    private static final String YELLOW = "\u001b[33m";
    private static final String BOLD = "\u001b[1m";
    private static final String RESET = "\u001b[0m";

    private ConsoleSummary() {}

    /**
     * The summary, ending with a line break.
     *
     * @param files where the reports were written
     * @param color whether to use ANSI colours (only when writing to a terminal)
     */
    public static String render(RunResult run, ReportFiles files, boolean color) {
        Paint paint = new Paint(color);
        StringBuilder out = new StringBuilder();
        out.append(paint.apply(BOLD, "couchtck")).append(": ").append(run.cases().size()).append(" cases — ");
        String separator = "";
        for (Map.Entry<Verdict, Integer> count : run.counts().entrySet()) {
            String text = count.getValue() + " " + VerdictStyle.label(count.getKey());
            out.append(separator).append(count.getValue() > 0 ? paint.apply(colorOf(count.getKey()), text) : text);
            separator = ", ";
        }
        out.append(" — ").append(run.passed() ? paint.apply(GREEN + BOLD, "PASSED") : paint.apply(RED + BOLD, "FAILED"))
                .append(" in ").append(DurationText.human(run.duration())).append('\n');
        Matrix.MustScore must = Matrix.MustScore.of(run.cases());
        out.append(must.complete() ? must.coverageLine() : paint.apply(YELLOW, must.coverageLine())).append('\n');
        List<CaseResult> failing = run.cases().stream().filter(c -> c.verdict().failsRun()).toList();
        for (CaseResult result : failing.subList(0, Math.min(MAX_LISTED, failing.size()))) {
            out.append("  ").append(paint.apply(colorOf(result.verdict()), String.format("%-5s", result.verdict())))
                    .append(' ').append(SafeText.oneLine(result.caseId(), 120)).append("  ")
                    .append(SafeText.oneLine(reason(result), MAX_MESSAGE)).append('\n');
        }
        if (failing.size() > MAX_LISTED) {
            out.append("  … and ").append(failing.size() - MAX_LISTED).append(" more\n");
        }
        out.append("Reports: ").append(files.html()).append('\n')
                .append("         ").append(files.resultsJson()).append(", ").append(files.junitXml().getFileName())
                .append(", ").append(files.markdown().getFileName()).append('\n');
        return out.toString();
    }

    private static String reason(CaseResult result) {
        if (result.verdict() == Verdict.STALE) {
            return "baseline entry now passes: " + result.baselineReason();
        }
        return result.message();
    }

    private static String colorOf(Verdict verdict) {
        return switch (verdict) {
            case PASS -> GREEN;
            case FAIL, ERROR, STALE -> RED;
            case WARN -> YELLOW;
            case NA, KNOWN -> "";
        };
    }

    /** Wraps text in ANSI codes, or leaves it alone when colour is off. */
    private record Paint(boolean enabled) {
        String apply(String code, String text) {
            return enabled && !code.isEmpty() ? code + text + RESET : text;
        }
    }
}
