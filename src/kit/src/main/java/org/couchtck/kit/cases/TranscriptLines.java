package org.couchtck.kit.cases;

import java.util.List;

/**
 * How a case's steps line up with the couchjs recording it came from: step i (not counting a final close) sends
 * input line {@code lines.get(i)} of the session (1-based). A final close step stands for the recording's closing of
 * standard input after its last line.
 *
 * @param session the recording's session id
 * @param lines 1-based input line numbers, increasing, one per sending step other than close
 */
public record TranscriptLines(String session, List<Integer> lines) {

    public TranscriptLines {
        lines = List.copyOf(lines);
    }
}
