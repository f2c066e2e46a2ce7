package org.couchtck.reference.daemons;

import java.math.BigInteger;
import java.util.List;
import java.util.regex.Pattern;
import org.couchtck.reference.log.CouchLog;

/**
 * When a daemon that exited on its own is given up on (couch_os_daemons:should_halt): its exits within the last
 * {@code [os_daemon_settings] retry_time} seconds (default 5), this one included, are counted, and at {@code
 * max_retries} (default 3) or more it is halted; else it is restarted at once, and those recent exits are all it
 * keeps on record. Both settings are read at each exit.
 */
final class HaltRule {

    static final String SECTION = "os_daemon_settings";
    static final int DEFAULT_RETRY_SECONDS = 5;
    static final int DEFAULT_MAX_RETRIES = 3;
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

    /** Whether to halt, and the exits that count (the newest first). */
    record Verdict(boolean halt, List<Long> recent) {}

    private final long retryMillis;
    private final int maxRetries;

    HaltRule(long retrySeconds, int maxRetries) {
        this.retryMillis = retrySeconds * 1000;
        this.maxRetries = maxRetries;
    }

    /**
     * The rule the configuration sets now. A value list_to_integer would refuse makes CouchDB's host crash; here it
     * is logged and the default counts.
     */
    static HaltRule configured(DaemonConfig config, CouchLog log) {
        return new HaltRule(setting(config, log, "retry_time", DEFAULT_RETRY_SECONDS),
                setting(config, log, "max_retries", DEFAULT_MAX_RETRIES));
    }

    /** @param exits the times of the exits on record, the newest (now) first */
    Verdict judge(List<Long> exits, long now) {
        List<Long> recent = exits.stream().filter(time -> now - time <= retryMillis).toList();
        return new Verdict(recent.size() >= maxRetries, recent);
    }

    private static int setting(DaemonConfig config, CouchLog log, String key, int fallback) {
        String text = config.get(SECTION, key).orElse(null);
        if (text == null) {
            return fallback;
        }
        if (!INTEGER.matcher(text).matches()) {
            log.error("Invalid [" + SECTION + "] " + key + " '" + text + "': using " + fallback);
            return fallback;
        }
        BigInteger value = new BigInteger(text.startsWith("+") ? text.substring(1) : text);
        return value.max(BigInteger.valueOf(Integer.MIN_VALUE)).min(BigInteger.valueOf(Integer.MAX_VALUE)).intValue();
    }
}
