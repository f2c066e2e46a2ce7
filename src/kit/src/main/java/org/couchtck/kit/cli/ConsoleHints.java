package org.couchtck.kit.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunResult;

/**
 * What a run's failures suggest about how it was called, said after the summary: many cases failing the same way
 * usually mean one flag is missing, not many bugs. Functions the server cannot compile: perhaps another language
 * ({@code --language}); commands it does not know ({@code unknown command 'ddoc'}): the features it lacks
 * ({@code --without}).
 */
final class ConsoleHints {

    /** A ddoc step the server answered by an unknown_command error or by exiting. */
    private static final Pattern DDOC_STEP_ENDED_IT = Pattern.compile("^step \\d+ \\(ddoc\\): (server exited|.*unknown"
            + "[ _]command)");
    /** Fewer failures of one kind than this are read as what they are. */
    static final int AT_LEAST = 3;

    private ConsoleHints() {}

    /**
     * The hints for {@code run}, made with {@code language} (the functions' language), {@code languages} (those the
     * packs have) and {@code ddocFeatures} (the features of design-document functions).
     */
    static List<String> of(RunResult run, String language, Set<String> languages, Set<String> ddocFeatures) {
        List<String> hints = new ArrayList<>();
        // the server's replies said compilation_error where the case expected none (a case that expects one and got
        // another id is a wrong error id, not a hint about the language)
        long uncompiled = run.cases().stream().filter(ConsoleHints::failedOrWarned)
                .filter(c -> lower(c.actual()).contains("compilation_error")
                        && !lower(c.expected()).contains("compilation_error")).count();
        if (uncompiled >= AT_LEAST) {
            Set<String> others = new TreeSet<>(languages);
            others.remove(language);
            hints.add("couchtck: " + uncompiled + " cases failed with compilation_error: the functions were sent in "
                    + language + "; if the server speaks another language, give it with --language"
                    + (others.isEmpty() ? "" : " (packs: " + String.join(", ", others) + ")"));
        }
        // a server without design-document functions either says it does not know the command or exits on it
        long noDdoc = run.cases().stream().filter(ConsoleHints::failedOrWarned)
                .filter(c -> mentions(c, "unknown command 'ddoc'") || mentions(c, "unknown command \"ddoc\"")
                        || DDOC_STEP_ENDED_IT.matcher(c.message()).find()).count();
        if (noDdoc >= AT_LEAST && !ddocFeatures.isEmpty()) {
            hints.add("couchtck: " + noDdoc + " cases failed at the ddoc command, which the server does not know or "
                    + "exits on (design-document functions); a server without them says so with --without "
                    + String.join(",", new TreeSet<>(ddocFeatures))
                    + " (fixtures/README.md lists every feature)");
        }
        return hints;
    }

    private static boolean failedOrWarned(CaseResult c) {
        return c.verdict().failsRun() || c.verdict() == Verdict.WARN;
    }

    private static boolean mentions(CaseResult c, String text) {
        String wanted = lower(text);
        return lower(c.message()).contains(wanted) || lower(c.actual()).contains(wanted);
    }

    private static String lower(String text) {
        return text.toLowerCase(Locale.ROOT);
    }
}
