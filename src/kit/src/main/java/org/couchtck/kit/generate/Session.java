package org.couchtck.kit.generate;

import java.util.List;

/**
 * A generated protocol session: the exact lines to send, in order, each without its line feed.
 *
 * @param lines the lines
 */
public record Session(List<String> lines) {
    public Session {
        lines = List.copyOf(lines);
    }
}
