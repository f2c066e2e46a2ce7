package org.couchtck.kit.generate;

import java.util.List;

/**
 * How one generated example broke a property: the exact lines that were sent, which of them went wrong, and why.
 *
 * @param message one sentence: what was wrong
 * @param expected what should have come back at the failing line, as text
 * @param actual what came back
 * @param lines every line sent, in order, up to and including the failing one
 * @param failedLine index in {@code lines} of the line that went wrong
 * @param referenceLines the same lines as the reference reads them (functions in JavaScript)
 */
public record Counterexample(String message, String expected, String actual, List<String> lines, int failedLine,
        List<String> referenceLines) {

    public Counterexample {
        lines = List.copyOf(lines);
        referenceLines = List.copyOf(referenceLines);
    }

    /** A counterexample whose lines the reference reads as they are. */
    public Counterexample(String message, String expected, String actual, List<String> lines, int failedLine) {
        this(message, expected, actual, lines, failedLine, lines);
    }
}
