package org.couchtck.kit.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How a {@link StdioServer} is run.
 *
 * @param defaultTimeout how long to wait for a reply when a caller gives no timeout of its own
 * @param startTimeout how long a new process may take for its first reply, whatever the message's own timeout: a
 *     JVM or an interpreter loading its runtime on a loaded machine is slow once, not on every message
 * @param maxLineBytes the longest output line kept; a longer reply ends the exchange as
 *     {@link Exchange.Outcome#LINE_TOO_LONG}
 * @param environment variables added to (or replacing) the kit's own environment for the server
 * @param workingDirectory the directory the server starts in
 */
public record StdioServerOptions(Duration defaultTimeout, Duration startTimeout, int maxLineBytes,
        Map<String, String> environment, Path workingDirectory) {

    /** CouchDB's default {@code os_process_timeout}. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    /** Start-up grace for the first reply of every new process. */
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(30);

    /** Far above any reply a conformance case provokes, far below what would strain the kit's heap. */
    public static final int DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

    public StdioServerOptions {
        Objects.requireNonNull(defaultTimeout, "defaultTimeout");
        if (defaultTimeout.isNegative() || defaultTimeout.isZero()) {
            throw new IllegalArgumentException("defaultTimeout must be positive, was " + defaultTimeout);
        }
        Objects.requireNonNull(startTimeout, "startTimeout");
        if (startTimeout.isNegative() || startTimeout.isZero()) {
            throw new IllegalArgumentException("startTimeout must be positive, was " + startTimeout);
        }
        if (maxLineBytes <= 0) {
            throw new IllegalArgumentException("maxLineBytes must be positive, was " + maxLineBytes);
        }
        environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
        Objects.requireNonNull(workingDirectory, "workingDirectory");
    }

    /** 5 s timeout, 30 s start-up grace, 16 MiB lines, no extra environment, the kit's working directory. */
    public static StdioServerOptions defaults() {
        return new StdioServerOptions(DEFAULT_TIMEOUT, DEFAULT_START_TIMEOUT, DEFAULT_MAX_LINE_BYTES, Map.of(),
                Path.of(System.getProperty("user.dir")));
    }

    /** These options with another default timeout. */
    public StdioServerOptions withDefaultTimeout(Duration timeout) {
        return new StdioServerOptions(timeout, startTimeout, maxLineBytes, environment, workingDirectory);
    }

    /** These options with another start-up grace. */
    public StdioServerOptions withStartTimeout(Duration timeout) {
        return new StdioServerOptions(defaultTimeout, timeout, maxLineBytes, environment, workingDirectory);
    }

    /** These options with another line cap. */
    public StdioServerOptions withMaxLineBytes(int bytes) {
        return new StdioServerOptions(defaultTimeout, startTimeout, bytes, environment, workingDirectory);
    }
}
