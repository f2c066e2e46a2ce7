package org.couchtck.reference.queryserver;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of a {@link QueryServer}.
 *
 * @param timeout how long one command may run JavaScript before it is stopped, until a reset
 *     config's {@code timeout} replaces it
 * @param maxStackDepth JavaScript call depth beyond which recursion is couchjs's fatal
 *     "too much recursion"
 */
public record QueryServerOptions(Duration timeout, int maxStackDepth) {

  /** CouchDB's default os_process_timeout (5 s) and a call depth of 10,000. */
  public static QueryServerOptions defaults() {
    return new QueryServerOptions(Duration.ofMillis(5000), 10_000);
  }

  /** Validates the settings. */
  public QueryServerOptions {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
    if (maxStackDepth < 1) {
      throw new IllegalArgumentException("maxStackDepth must be positive: " + maxStackDepth);
    }
  }

  /** These options with another default timeout. */
  public QueryServerOptions withTimeout(Duration newTimeout) {
    return new QueryServerOptions(newTimeout, maxStackDepth);
  }
}
