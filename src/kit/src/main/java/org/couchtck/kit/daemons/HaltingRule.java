package org.couchtck.kit.daemons;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * CouchDB 2.2.0's rule for a daemon that keeps exiting ({@code couch_os_daemons:should_halt}): every exit is kept
 * with its time; when the exits within the last {@code retry_time} seconds, this one included, number
 * {@code max_retries} or more, the daemon is halted (not started again until its configuration changes), otherwise
 * it is started again. Both come from {@code [os_daemon_settings]}, 3 and 5 by default.
 */
final class HaltingRule {

    private final int maxRetries;
    private final Duration retryTime;
    private List<Instant> recent = new ArrayList<>();

    HaltingRule(int maxRetries, Duration retryTime) {
        this.maxRetries = maxRetries;
        this.retryTime = retryTime;
    }

    /**
     * The rule {@code config}'s {@code [os_daemon_settings]} sets.
     *
     * @throws IllegalArgumentException for a value that is no whole number (CouchDB's {@code list_to_integer} fails
     *     on it the first time a daemon exits)
     */
    static HaltingRule from(DaemonConfig config) {
        int retries = number(config, "max_retries", 3);
        int seconds = number(config, "retry_time", 5);
        return new HaltingRule(retries, Duration.ofSeconds(seconds));
    }

    private static int number(DaemonConfig config, String key, int fallback) {
        String text = config.value("os_daemon_settings", key).orElse(Integer.toString(fallback));
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("[os_daemon_settings] " + key + " must be a whole number, not '" + text
                    + "'");
        }
    }

    int maxRetries() {
        return maxRetries;
    }

    Duration retryTime() {
        return retryTime;
    }

    /** Counts an exit at {@code now}; whether the daemon is halted by it. */
    synchronized boolean exitAt(Instant now) {
        List<Instant> kept = new ArrayList<>();
        kept.add(now);
        for (Instant earlier : recent) {
            if (Duration.between(earlier, now).compareTo(retryTime) <= 0) {
                kept.add(earlier);
            }
        }
        recent = kept;
        return kept.size() >= maxRetries;
    }
}
