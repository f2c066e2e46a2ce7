package org.couchtck.kit.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * Several targets' runs side by side ({@code couchtck matrix}): one row per case any of them ran, one column per
 * target. A case a target did not run is absent from its column, never a PASS; a target that could not be run at all
 * is a column with the reason and no verdicts.
 */
public final class Matrix {

    /**
     * One column.
     *
     * @param name the column's name, as the user gave it
     * @param run the target's run; empty when it could not be run
     * @param unavailable why it could not be run; empty when it ran
     */
    public record Target(String name, Optional<RunResult> run, String unavailable) {

        public Target {
            Objects.requireNonNull(name, "name");
            unavailable = unavailable == null ? "" : unavailable;
        }

        /** A target that ran. */
        public static Target ran(String name, RunResult run) {
            return new Target(name, Optional.of(run), "");
        }

        /** A target that could not be run, and why. */
        public static Target unavailable(String name, String why) {
            return new Target(name, Optional.empty(), why);
        }

        /** MUST cases that passed, over MUST cases that applied, over the profile's MUST cases: the badge. */
        public MustScore mustScore() {
            return MustScore.of(run.map(RunResult::cases).orElse(List.of()));
        }
    }

    /**
     * MUST cases passed, applicable, and of the profile; KNOWN, STALE, FAIL and ERROR all count as not passed.
     *
     * @param passed MUST cases that passed
     * @param applicable MUST cases that ran (not NA)
     * @param ofProfile MUST cases the run's profile holds for the target: the applicable ones and those NA for want
     *     of a function source or of a feature the run said the target lacks (or NA for a cause results did not
     *     record); cases about another language itself, outside the profile or outside the target's CouchDB
     *     version are not the target's to cover and are left out
     */
    public record MustScore(int passed, int applicable, int ofProfile) {

        /** The score of a run's results. */
        public static MustScore of(List<CaseResult> results) {
            int applicable = 0;
            int passed = 0;
            int ofProfile = 0;
            for (CaseResult result : results) {
                if (result.level() != Level.MUST) {
                    continue;
                }
                if (result.verdict() != Verdict.NA) {
                    applicable++;
                    ofProfile++;
                    if (result.verdict() == Verdict.PASS) {
                        passed++;
                    }
                } else if (countsAgainstCoverage(result.notApplicable())) {
                    ofProfile++;
                }
            }
            return new MustScore(passed, applicable, ofProfile);
        }

        private static boolean countsAgainstCoverage(Applicability.Cause cause) {
            return switch (cause) {
                case NO_SOURCE, FEATURE, NONE -> true;
                case LANGUAGE, PROFILE, VERSION, BEHAVIOUR -> false;
            };
        }

        /** Whether every MUST case of the profile applied. */
        public boolean complete() {
            return applicable == ofProfile;
        }

        /** The coverage line of the human reports: "MUST: 5 of 5 applicable passed · 5 of the profile's 107 applicable". */
        public String coverageLine() {
            String line = "MUST: " + passed + " of " + applicable + " applicable passed · " + applicable + " of the profile's "
                    + ofProfile + " applicable";
            return complete() ? line : line + " (" + (ofProfile - applicable)
                    + " NA for want of a function source or a feature)";
        }

        /** "5/5 MUST · 5 of 107 applicable", or "5/5 MUST" when every MUST case of the profile applied. */
        public String text() {
            String score = passed + "/" + applicable + " MUST";
            return complete() ? score : score + " · " + applicable + " of " + ofProfile + " applicable";
        }
    }

    /**
     * One case's row.
     *
     * @param caseId the case id
     * @param section its section, under its suite ({@code qs/map_doc})
     * @param level its level; null when no target said
     * @param description its one-line description
     * @param cells its result per target, in column order; null where that target did not run it
     */
    public record Row(String caseId, String section, Level level, String description, List<CaseResult> cells) {

        /** Whether a target that ran this case failed it in a way that fails a run (FAIL, ERROR, STALE). */
        public boolean anyFails() {
            return cells.stream().anyMatch(c -> c != null && c.verdict().failsRun());
        }

        /** Whether the targets that ran this case (and for which it applied) reached different verdicts. */
        public boolean disagrees() {
            return cells.stream().filter(c -> c != null && c.verdict() != Verdict.NA).map(CaseResult::verdict)
                    .distinct().count() > 1;
        }
    }

    private final List<Target> targets;
    private final List<Row> rows;

    private Matrix(List<Target> targets, List<Row> rows) {
        this.targets = List.copyOf(targets);
        this.rows = List.copyOf(rows);
    }

    /** The matrix of {@code targets}; rows in the order cases first appear, column by column. */
    public static Matrix of(List<Target> targets) {
        Map<String, CaseResult[]> cells = new LinkedHashMap<>();
        for (int t = 0; t < targets.size(); t++) {
            for (CaseResult result : targets.get(t).run().map(RunResult::cases).orElse(List.of())) {
                cells.computeIfAbsent(result.caseId(), id -> new CaseResult[targets.size()])[t] = result;
            }
        }
        List<Row> rows = new ArrayList<>(cells.size());
        cells.forEach((id, row) -> {
            CaseResult any = Arrays.stream(row).filter(Objects::nonNull).findFirst().orElseThrow();
            rows.add(new Row(id, RunSections.qualifiedNameOf(any), any.level(), any.description(),
                    Collections.unmodifiableList(Arrays.asList(row.clone()))));
        });
        return new Matrix(targets, rows);
    }

    public List<Target> targets() {
        return targets;
    }

    public List<Row> rows() {
        return rows;
    }

    /** Verdict counts per section, per target (column order); sections in row order. */
    public Map<String, List<Map<Verdict, Integer>>> sectionTotals() {
        Map<String, List<Map<Verdict, Integer>>> totals = new LinkedHashMap<>();
        for (Row row : rows) {
            List<Map<Verdict, Integer>> perTarget = totals.computeIfAbsent(row.section(), s -> {
                List<Map<Verdict, Integer>> counts = new ArrayList<>();
                for (int t = 0; t < targets.size(); t++) {
                    counts.add(new EnumMap<>(Verdict.class));
                }
                return counts;
            });
            for (int t = 0; t < targets.size(); t++) {
                CaseResult cell = row.cells().get(t);
                if (cell != null) {
                    perTarget.get(t).merge(cell.verdict(), 1, Integer::sum);
                }
            }
        }
        return totals;
    }

    /** Whether every target ran and passed (no FAIL, ERROR or STALE). */
    public boolean allPassed() {
        return targets.stream().allMatch(t -> t.run().map(RunResult::passed).orElse(false));
    }
}
