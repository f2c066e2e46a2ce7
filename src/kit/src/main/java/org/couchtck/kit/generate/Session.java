package org.couchtck.kit.generate;

import java.util.List;

/**
 * A generated protocol session: the exact lines to send, in order, each without its line feed, and the same
 * session as the reference query server reads it (its functions in JavaScript).
 *
 * @param lines the lines for the target, functions in the target's language
 * @param referenceLines the same lines with functions in JavaScript, for the reference as oracle; as many as
 *     {@code lines}
 */
public record Session(List<String> lines, List<String> referenceLines) {

    public Session {
        lines = List.copyOf(lines);
        referenceLines = List.copyOf(referenceLines);
        if (lines.size() != referenceLines.size()) {
            throw new IllegalArgumentException("a session and its reference rendering differ in length");
        }
    }

    /** A session whose lines the reference reads as they are (a JavaScript target, or no functions at all). */
    public Session(List<String> lines) {
        this(lines, lines);
    }
}
