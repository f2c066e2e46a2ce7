package org.couchtck.kit.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.report.RunResult;

/**
 * What a run's failures suggest about how it was called, said after the summary: many cases failing the same way
 * usually mean one flag is missing, not many bugs. Functions the server cannot compile: perhaps another language
 * ({@code --language}); commands it does not know ({@code unknown command 'ddoc'}): the features it lacks
 * ({@code --without}).
 */
final class ConsoleHints {

    /** Fewer failures of one kind than this are read as what they are. */
    static final int AT_LEAST = 3;

    private ConsoleHints() {}

    /**
     * The hints for {@code run}, made with {@code language} (the functions' language), {@code languages} (those the
     * packs have) and {@code ddocFeatures} (the features of design-document functions).
     */
    static List<String> of(RunResult run, String language, Set<String> languages, Set<String> ddocFeatures) {
        List<String> hints = new ArrayList<>();
        long uncompiled = failing(run, "compilation_error");
        if (uncompiled >= AT_LEAST) {
            Set<String> others = new TreeSet<>(languages);
            others.remove(language);
            hints.add("couchtck: " + uncompiled + " cases failed with compilation_error: the functions were sent in "
                    + language + "; if the server speaks another language, give it with --language"
                    + (others.isEmpty() ? "" : " (packs: " + String.join(", ", others) + ")"));
        }
        long noDdoc = failing(run, "unknown command 'ddoc'", "unknown_command", "unknown command \"ddoc\"");
        if (noDdoc >= AT_LEAST && !ddocFeatures.isEmpty()) {
            hints.add("couchtck: " + noDdoc + " cases failed on a command the server does not know (design-document "
                    + "functions); a server without them says so with --without "
                    + String.join(",", new TreeSet<>(ddocFeatures))
                    + " (fixtures/README.md lists every feature)");
        }
        return hints;
    }

    /** How many cases failed (or warned) mentioning any of {@code texts}. */
    private static long failing(RunResult run, String... texts) {
        return run.cases().stream().filter(c -> c.verdict().failsRun() || c.verdict() == org.couchtck.kit.check
                .Verdict.WARN).filter(c -> java.util.Arrays.stream(texts).anyMatch(text -> mentions(c,
                        text.toLowerCase(Locale.ROOT)))).count();
    }

    private static boolean mentions(CaseResult c, String lower) {
        return c.message().toLowerCase(Locale.ROOT).contains(lower) || c.actual().toLowerCase(Locale.ROOT)
                .contains(lower);
    }
}
