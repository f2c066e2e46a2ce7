package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.Test;

class ConsoleHintsTest {

    private static RunResult runOf(int failing, String actual) {
        return runOf(failing, "step 1 (add_fun): reply differs", "true", actual);
    }

    private static RunResult runOf(int failing, String message, String expected, String actual) {
        List<CaseResult> cases = new ArrayList<>();
        for (int i = 0; i < failing; i++) {
            cases.add(new CaseResult("qs.x.c" + i, "x", Level.MUST, "", "", Verdict.FAIL, message, expected, actual,
                    1, List.of(), OptionalLong.empty(), Duration.ZERO, ""));
        }
        cases.add(new CaseResult("qs.x.ok", "x", Level.MUST, "", "", Verdict.PASS, "", "", "", -1, List.of(),
                OptionalLong.empty(), Duration.ZERO, ""));
        return new RunResult("r", "v", new RunResult.TargetInfo("t", "t", "javascript", "3.5.2"), Instant.EPOCH,
                Duration.ZERO, cases);
    }

    @Test
    void functionsTheServerCannotCompileSuggestAnotherLanguage() {
        List<String> hints = ConsoleHints.of(runOf(3, "[\"error\",\"compilation_error\",\"invalid syntax\"]"),
                "javascript", Set.of("javascript", "python", "ruby"), Set.of("ddoc.shows"));

        assertThat(hints).containsExactly("couchtck: 3 cases failed with compilation_error: the functions were sent "
                + "in javascript; if the server speaks another language, give it with --language (packs: python, "
                + "ruby)");
    }

    @Test
    void commandsTheServerDoesNotKnowSuggestTheFeaturesItLacks() {
        List<String> hints = ConsoleHints.of(runOf(20, "[\"error\",\"unknown_command\",\"unknown command 'ddoc'\"]"),
                "python", Set.of("python"), Set.of("ddoc.lists", "ddoc.shows"));

        assertThat(hints).hasSize(1).first().asString().startsWith("couchtck: 20 cases failed at the ddoc command, "
                + "which the server does not know or exits on (design-document functions); a server without them "
                + "says so with --without ddoc.lists,ddoc.shows");
    }

    @Test
    void aWrongErrorIdWhereACompilationErrorIsExpectedIsNoHintAboutTheLanguage() {
        List<String> hints = ConsoleHints.of(runOf(3, "step 1 (add_fun): at /1: expected \"compilation_error\", got "
                + "\"map_compilation_error\"", "[\"error\",\"compilation_error\",{\"$type\":\"string\"}]",
                "[\"error\",\"map_compilation_error\",\"bad\"]"), "python", Set.of("python", "ruby"), Set.of());

        assertThat(hints).isEmpty();
    }

    @Test
    void aServerThatExitsOnDdocIsToldOfTheFeaturesItLacksToo() {
        List<String> hints = ConsoleHints.of(runOf(58, "step 1 (ddoc): server exited with status 1 before replying",
                "true", ""), "python", Set.of("python"), Set.of("ddoc.shows"));

        assertThat(hints).hasSize(1).first().asString().startsWith("couchtck: 58 cases failed at the ddoc command, "
                + "which the server does not know or exits on");
    }

    @Test
    void aFewFailuresAreReadAsWhatTheyAre() {
        assertThat(ConsoleHints.of(runOf(2, "compilation_error"), "javascript", Set.of("javascript", "python"),
                Set.of())).isEmpty();
    }
}
