package org.couchtck.kit.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.couchtck.kit.check.Verdict;

/**
 * The outages of a run's endpoint as the reports list them: a heading, then one entry per case that caused outages
 * (its outages' numbers, what happened, the endpoint's last words), then one per group of outages that came while
 * several such cases were in flight at once, then one per outage no case was found to cause. The console, summary.md
 * and report.html each render these entries their own way.
 */
final class OutageLines {

    /**
     * One entry.
     *
     * @param causes the case that caused the outages, or the cases one of which did; empty when none was found
     * @param numbers the outages
     * @param what what happened at the last of them
     * @param detail the endpoint's last words, or how the cause was sought
     */
    record Entry(List<String> causes, List<Integer> numbers, String what, String detail) {

        /** "outage 3" or "outages 3, 9, 16". */
        String numbered() {
            return (numbers.size() == 1 ? "outage " : "outages ") + numbers.stream().map(String::valueOf)
                    .collect(Collectors.joining(", "));
        }

        /** The case, "one of a, b", or "no cause found". */
        String who() {
            return causes.isEmpty() ? "no cause found" : causes.size() == 1 ? causes.get(0)
                    : "one of " + String.join(", ", causes);
        }
    }

    private OutageLines() {}

    /**
     * "The endpoint went away 47 times: 29 cases caused it (each FAILs); 18 outages came while several of them were in
     * flight at once; the cases it disturbed ran again once it was back."
     */
    static String heading(RunResult run) {
        Set<String> causes = new LinkedHashSet<>();
        long shared = 0;
        long uncaused = 0;
        for (EndpointOutage outage : run.outages()) {
            causes.addAll(outage.causes());
            shared += outage.causes().size() > 1 ? 1 : 0;
            uncaused += outage.causes().isEmpty() ? 1 : 0;
        }
        int outages = run.outages().size();
        return "The endpoint went away " + (outages == 1 ? "once" : outages + " times") + ": "
                + (causes.size() == 1 ? "1 case caused it" : causes.size() + " cases caused it")
                + (causes.isEmpty() ? "" : " (" + howJudged(run, causes) + ")")
                + (shared == 0 ? "" : "; " + count(shared) + " while several of them were in flight at once")
                + (uncaused == 0 ? "" : "; " + count(uncaused) + " without a cause found")
                + "; the cases it disturbed ran again once it was back.";
    }

    /** What became of the cases that caused outages: they FAIL, unless the run's baseline knows them. */
    private static String howJudged(RunResult run, Set<String> causes) {
        long known = run.cases().stream().filter(c -> causes.contains(c.caseId()) && c.verdict() == Verdict.KNOWN)
                .count();
        if (known == 0) {
            return "each FAILs";
        }
        return known == causes.size() ? "each FAILs, known to the baseline" : "each FAILs; "
                + known + " known to the baseline";
    }

    private static String count(long outages) {
        return outages == 1 ? "1 outage came" : outages + " outages came";
    }

    /** The entries: single causes in the order of their first outage, then groups, then outages without a cause. */
    static List<Entry> entries(RunResult run) {
        Map<List<String>, List<EndpointOutage>> byCauses = new LinkedHashMap<>();
        List<Entry> uncaused = new ArrayList<>();
        for (EndpointOutage outage : run.outages()) {
            if (outage.causes().isEmpty()) {
                uncaused.add(new Entry(List.of(), List.of(outage.number()), outage.what(), outage.finding()
                        + (outage.inFlight().isEmpty() ? "" : "; in flight: " + String.join(", ", outage.inFlight()))));
            } else {
                byCauses.computeIfAbsent(outage.causes(), causes -> new ArrayList<>()).add(outage);
            }
        }
        List<Entry> single = new ArrayList<>();
        List<Entry> several = new ArrayList<>();
        byCauses.forEach((causes, outages) -> {
            EndpointOutage last = outages.get(outages.size() - 1);
            Entry entry = new Entry(causes, outages.stream().map(EndpointOutage::number).toList(), last.what(),
                    causes.size() == 1 ? lastWords(outages) : last.finding());
            (causes.size() == 1 ? single : several).add(entry);
        });
        List<Entry> entries = new ArrayList<>(single);
        entries.addAll(several);
        entries.addAll(uncaused);
        return entries;
    }

    /** The last words of the last outage of {@code outages} that has some, on one line. */
    private static String lastWords(List<EndpointOutage> outages) {
        for (int i = outages.size() - 1; i >= 0; i--) {
            String words = outages.get(i).lastWords().strip();
            if (!words.isEmpty()) {
                String[] lines = words.split("\\R");
                List<String> last = List.of(lines).subList(Math.max(0, lines.length - 4), lines.length);
                return "its standard error ended: " + last.stream().map(String::strip)
                        .collect(Collectors.joining(" | "));
            }
        }
        return "";
    }
}
