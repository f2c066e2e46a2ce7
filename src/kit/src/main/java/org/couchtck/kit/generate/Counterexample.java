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
 */
public record Counterexample(String message, String expected, String actual, List<String> lines, int failedLine) {
    public Counterexample {
        lines = List.copyOf(lines);
    }
}
