package org.couchtck.kit.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The outages of a run's endpoint as the reports list them: a heading, then one entry per case that caused outages
 * (its outages' numbers, what happened, the endpoint's last words), then one per outage no case was found to cause.
 * The console, summary.md and report.html each render these entries their own way.
 */
final class OutageLines {

    /** One entry: the case that caused the outages (empty for an outage without one), what, and the detail. */
    record Entry(String cause, List<Integer> numbers, String what, String detail) {

        /** "outage 3" or "outages 3, 9, 16". */
        String numbered() {
            return (numbers.size() == 1 ? "outage " : "outages ") + numbers.stream().map(String::valueOf)
                    .collect(Collectors.joining(", "));
        }
    }

    private OutageLines() {}

    /** "The endpoint went away 42 times: 27 cases caused it (each FAILs), 1 outage has no cause found." */
    static String heading(RunResult run) {
        List<Entry> entries = entries(run);
        long causes = entries.stream().filter(e -> !e.cause().isEmpty()).count();
        long uncaused = entries.stream().filter(e -> e.cause().isEmpty()).count();
        int outages = run.outages().size();
        return "The endpoint went away " + (outages == 1 ? "once" : outages + " times") + ": "
                + (causes == 1 ? "1 case caused it" : causes + " cases caused it") + (causes > 0 ? " (each FAILs)" : "")
                + (uncaused == 0 ? "" : ", " + (uncaused == 1 ? "1 outage has" : uncaused + " outages have")
                        + " no cause found")
                + "; the cases it disturbed ran again once it was back.";
    }

    /** The entries, causes first in the order of their first outage. */
    static List<Entry> entries(RunResult run) {
        Map<String, List<EndpointOutage>> byCause = new LinkedHashMap<>();
        List<Entry> uncaused = new ArrayList<>();
        for (EndpointOutage outage : run.outages()) {
            if (outage.cause().isEmpty()) {
                uncaused.add(new Entry("", List.of(outage.number()), outage.what(), outage.finding()
                        + (outage.inFlight().isEmpty() ? "" : "; in flight: " + String.join(", ", outage.inFlight()))));
            } else {
                byCause.computeIfAbsent(outage.cause(), cause -> new ArrayList<>()).add(outage);
            }
        }
        List<Entry> entries = new ArrayList<>();
        byCause.forEach((cause, outages) -> {
            EndpointOutage last = outages.get(outages.size() - 1);
            entries.add(new Entry(cause, outages.stream().map(EndpointOutage::number).toList(), last.what(),
                    lastWords(outages)));
        });
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
