package org.couchtck.kit.daemons;

import java.time.Duration;
import java.util.Objects;

/**
 * One generated daemon session: ini text set over the run's configuration, and how late the kit answers each get.
 *
 * @param ini the text, in CouchDB's ini syntax, exactly as generated (duplicate keys, continuation-free)
 * @param replyDelay how long the kit waits before each reply
 */
record GeneratedSession(String ini, Duration replyDelay) {

    GeneratedSession {
        Objects.requireNonNull(ini, "ini");
        Objects.requireNonNull(replyDelay, "replyDelay");
    }

    /** The session spec the suite runner plays: the run's configuration with this ini text read over it. */
    SessionSpec spec() {
        return new SessionSpec(SessionSpec.ConfigMode.DEFAULT, replyDelay, DaemonConfig.parse(ini));
    }

    /** How fast the kit answers, in words: {@code replies after 120 ms}. */
    String pace() {
        return replyDelay.isZero() ? "replies at once" : "replies after " + replyDelay.toMillis() + " ms";
    }
}
