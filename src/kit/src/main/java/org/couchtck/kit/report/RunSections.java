package org.couchtck.kit.report;

import org.couchtck.kit.cases.Suite;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/** A run's cases grouped by section, sections in the order they first ran. */
final class RunSections {

    /** Name shown for cases that carry no section. */
    static final String UNSECTIONED = "(no section)";

    /** One section: its cases in run order. */
    record Section(String name, List<CaseResult> cases) {

        /** Cases per verdict; every verdict is present. */
        Map<Verdict, Integer> counts() {
            return countVerdicts(cases);
        }
    }

    private RunSections() {}

    /**
     * The sections of {@code run}; in a run of several suites each section is shown under its suite
     * ({@code http/changes}), so that a report has its sections suite by suite.
     */
    static List<Section> of(RunResult run) {
        boolean qualified = suites(run) > 1;
        Map<String, List<CaseResult>> grouped = new LinkedHashMap<>();
        for (CaseResult result : run.cases()) {
            grouped.computeIfAbsent(qualified ? qualifiedNameOf(result) : nameOf(result), k -> new ArrayList<>())
                    .add(result);
        }
        List<Section> sections = new ArrayList<>(grouped.size());
        grouped.forEach((name, cases) -> sections.add(new Section(name, List.copyOf(cases))));
        return sections;
    }

    /** How many suites the run's cases come from. */
    static long suites(RunResult run) {
        return run.cases().stream().map(r -> Suite.ofCase(r.caseId())).distinct().count();
    }

    /** The section a case is shown under in a run of several suites: {@code <suite>/<section>}. */
    static String qualifiedNameOf(CaseResult result) {
        return Suite.ofCase(result.caseId()).id() + "/" + nameOf(result);
    }

    /** The section a case is shown under. */
    static String nameOf(CaseResult result) {
        String section = result.section();
        return section == null || section.isBlank() ? UNSECTIONED : section;
    }

    static Map<Verdict, Integer> countVerdicts(List<CaseResult> cases) {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        for (Verdict verdict : Verdict.values()) {
            counts.put(verdict, 0);
        }
        for (CaseResult result : cases) {
            counts.merge(result.verdict(), 1, Integer::sum);
        }
        return counts;
    }
}
