package org.couchtck.kit.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * The few lines printed at the end of {@code couchtck run}: totals and outcome, the failing cases with one-line
 * reasons, and where the reports are. Server text is flattened and stripped of control characters, so a
 * hostile reply cannot drive the terminal.
 */
public final class ConsoleSummary {

    /** How many failing cases are listed before "… and N more". */
    static final int MAX_LISTED = 20;
    private static final int MAX_MESSAGE = 120;
    /** "unknown command 'ddoc'", as couchjs and most view servers word a command they lack (quoted or not). */
    private static final Pattern UNKNOWN_COMMAND = Pattern.compile("(?i)unknown command[\\s\\\\\"':]*"
            + "([a-z_]+)");
    /** A failure of the target's process: it exited, hung or wrote what is not JSON. */
    private static final Pattern PROCESS_TROUBLE = Pattern.compile("exited|not JSON|no reply|did not exit|still "
            + "running");
    /** How many of the last lines of a process's standard error are shown under its failure. */
    private static final int STDERR_LINES = 3;
    /** Failing cases with one reason from this many on are listed as one line. */
    static final int SAME_REASON_GROUPED = 3;

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
        out.append(" — ").append(run.passed() ? paint.apply(GREEN + BOLD, "PASSED")
                : paint.apply(RED + BOLD, run.whyUnfinished().map(why -> "UNFINISHED: " + why)
                        .orElse(run.testedNothing() ? "FAILED: nothing was tested" : "FAILED")))
                .append(" in ").append(DurationText.human(run.duration())).append('\n');
        Matrix.MustScore must = Matrix.MustScore.of(run.cases());
        out.append(must.complete() ? must.coverageLine() : paint.apply(YELLOW, must.coverageLine())).append('\n');
        List<CaseResult> failing = run.cases().stream().filter(c -> c.verdict().failsRun()).toList();
        // Many cases with one reason (an endpoint gone for good: "not run: ...") are one line, not a screenful; so are
        // the cases of a command the server does not know at all (a map-only server and 'ddoc'), listed last: the
        // failures of what it does know are the ones that matter to it.
        Map<String, List<CaseResult>> byReason = new LinkedHashMap<>();
        Map<String, List<CaseResult>> byUnknownCommand = new LinkedHashMap<>();
        for (CaseResult c : failing) {
            Optional<String> unknown = unknownCommand(c);
            if (unknown.isPresent()) {
                byUnknownCommand.computeIfAbsent(c.verdict() + " " + unknown.get(), k -> new ArrayList<>()).add(c);
            } else {
                byReason.computeIfAbsent(c.verdict() + " " + reason(c), k -> new ArrayList<>()).add(c);
            }
        }
        // the failures of one case each first (what is wrong in particular), then the reasons many cases share
        Map<String, List<CaseResult>> ordered = new LinkedHashMap<>();
        byReason.forEach((reason, same) -> {
            if (same.size() < SAME_REASON_GROUPED) {
                ordered.put(reason, same);
            }
        });
        byReason.forEach(ordered::putIfAbsent);
        ordered.putAll(byUnknownCommand);
        int listed = 0;
        int left = failing.size();
        for (List<CaseResult> same : ordered.values()) {
            if (listed == MAX_LISTED) {
                break;
            }
            CaseResult result = same.get(0);
            String who = same.size() >= SAME_REASON_GROUPED ? same.size() + " cases (" + SafeText.oneLine(
                    result.caseId(), 120) + " … " + SafeText.oneLine(same.get(same.size() - 1).caseId(), 120) + ")"
                    : SafeText.oneLine(result.caseId(), 120);
            for (CaseResult shown : same.size() >= SAME_REASON_GROUPED ? List.of(result) : same) {
                if (listed == MAX_LISTED) {
                    break;
                }
                out.append("  ").append(paint.apply(colorOf(shown.verdict()), String.format("%-5s",
                        shown.verdict()))).append(' ').append(same.size() >= SAME_REASON_GROUPED ? who
                                : SafeText.oneLine(shown.caseId(), 120)).append("  ")
                        .append(SafeText.oneLine(same.size() >= SAME_REASON_GROUPED ? unknownCommand(shown)
                                .map(command -> "the server does not know the command '" + command + "' (the first: "
                                        + reason(shown) + ")").orElse(reason(shown)) : reason(shown), MAX_MESSAGE))
                        .append('\n');
                evidence(shown).forEach(line -> out.append("        ").append(line).append('\n'));
                listed++;
                left -= same.size() >= SAME_REASON_GROUPED ? same.size() : 1;
            }
        }
        if (left > 0) {
            out.append("  … and ").append(left).append(" more\n");
        }
        List<CaseResult> slow = run.cases().stream().filter(CaseResult::slow).toList();
        if (!slow.isEmpty()) {
            // not a verdict about the target: this machine was too slow for those cases' bounds
            out.append(paint.apply(YELLOW, "Slow here: " + slow.size() + (slow.size() == 1 ? " case" : " cases")
                    + " ran out of time beside the others and passed when judged again alone with larger bounds:"))
                    .append('\n');
            for (CaseResult shown : slow.subList(0, Math.min(MAX_LISTED, slow.size()))) {
                out.append("  ").append(SafeText.oneLine(shown.caseId(), 120)).append(" (took ")
                        .append(DurationText.human(shown.duration())).append(")\n");
            }
            if (slow.size() > MAX_LISTED) {
                out.append("  … and ").append(slow.size() - MAX_LISTED).append(" more\n");
            }
        }
        if (!run.outages().isEmpty()) {
            out.append(paint.apply(YELLOW, OutageLines.heading(run))).append('\n');
            List<OutageLines.Entry> entries = OutageLines.entries(run);
            for (OutageLines.Entry entry : entries.subList(0, Math.min(MAX_LISTED, entries.size()))) {
                out.append("  ").append(SafeText.oneLine(entry.who(), 200)).append(": ").append(entry.what()).append(" (").append(entry.numbered())
                        .append(")").append(entry.detail().isEmpty() ? "" : "; " + SafeText.oneLine(entry.detail(),
                                MAX_MESSAGE)).append('\n');
            }
            if (entries.size() > MAX_LISTED) {
                out.append("  … and ").append(entries.size() - MAX_LISTED).append(" more (see report.html)\n");
            }
        }
        out.append("Reports: ").append(files.html()).append('\n')
                .append("         ").append(files.resultsJson()).append(", ").append(files.junitXml().getFileName())
                .append(", ").append(files.markdown().getFileName()).append('\n');
        return out.toString();
    }

    /**
     * What the target said that explains a failure of its process, under the failure's line: the reply that is not
     * JSON, and the end of its standard error where it exited, stopped answering or wrote no JSON.
     */
    static List<String> evidence(CaseResult result) {
        List<String> lines = new ArrayList<>();
        if (result.message().endsWith("reply is not JSON") && !result.actual().isEmpty()) {
            lines.add("the line: " + SafeText.oneLine(result.actual(), MAX_MESSAGE));
        }
        if (PROCESS_TROUBLE.matcher(result.message()).find()) {
            List<String> stderr = result.transcript().stream().filter(e -> e.direction() == Direction.STDERR)
                    .map(TranscriptEntry::text).filter(text -> !text.isBlank()).toList();
            if (!stderr.isEmpty()) {
                lines.add("its standard error ended: " + SafeText.oneLine(String.join(" | ", stderr.subList(
                        Math.max(0, stderr.size() - STDERR_LINES), stderr.size())), MAX_MESSAGE));
            }
        }
        return lines;
    }

    /** The command a case failed on because the server does not know it at all, as its error says. */
    static Optional<String> unknownCommand(CaseResult result) {
        Matcher said = UNKNOWN_COMMAND.matcher(result.message());
        if (said.find()) {
            return Optional.of(said.group(1));
        }
        said = UNKNOWN_COMMAND.matcher(result.actual());
        return said.find() ? Optional.of(said.group(1)) : Optional.empty();
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
