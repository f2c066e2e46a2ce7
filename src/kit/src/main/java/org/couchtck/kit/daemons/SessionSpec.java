package org.couchtck.kit.daemons;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * How the kit plays CouchDB in one daemon session: what its configuration holds and how fast it answers. Cases with
 * equal specs judge the same session, so a daemon is started once per spec, not once per case.
 *
 * @param config what the configuration holds
 * @param replyDelay how long the kit waits before writing each reply to a {@code get} (a busy CouchDB)
 * @param ini values set over the configuration
 */
public record SessionSpec(ConfigMode config, Duration replyDelay, DaemonConfig ini) {

    /** What the configuration holds. */
    public enum ConfigMode {
        /**
         * The run's configuration ({@code --daemon-config}, or nothing) with the daemon in {@code [os_daemons]} and a
         * free port in {@code [NAME] port}.
         */
        DEFAULT,
        /** Nothing at all: every section is unknown ({@code {}}) and every key {@code null}. */
        EMPTY;

        /** The name fixtures use. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public SessionSpec {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(replyDelay, "replyDelay");
        if (replyDelay.isNegative()) {
            throw new IllegalArgumentException("replyDelay must not be negative: " + replyDelay);
        }
        Objects.requireNonNull(ini, "ini");
    }

    /** The default configuration, answered at once. */
    public static SessionSpec standard() {
        return new SessionSpec(ConfigMode.DEFAULT, Duration.ZERO, DaemonConfig.empty());
    }

    /** A few words for transcripts: {@code default config, replies after 500 ms}. */
    public String describe() {
        return config.id() + " config" + (ini.sectionNames().isEmpty() ? "" : " with " + ini.toString().strip()
                .replace('\n', ' ')) + (replyDelay.isZero() ? ", replies at once"
                        : ", replies after " + replyDelay.toMillis() + " ms");
    }
}
