package org.couchtck.reference.queryserver.protocol;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The configuration object of {@code ["reset", config]}, read the way couchjs reads it:
 * {@code reduce_limit} by JavaScript truthiness (so the string "false" enables it),
 * {@code "log"} by identity, and the threshold and ratio only when they are numbers.
 */
public final class QueryConfig {

  private final Object reduceLimit;
  private final Double threshold;
  private final Double ratio;
  private final Duration timeout;

  private QueryConfig(Object reduceLimit, Double threshold, Double ratio, Duration timeout) {
    this.reduceLimit = reduceLimit;
    this.threshold = threshold;
    this.ratio = ratio;
    this.timeout = timeout;
  }

  /** The configuration before any reset, and after a reset with no (or a null) config. */
  public static QueryConfig empty() {
    return new QueryConfig(null, null, null, null);
  }

  /** Reads a reset argument; anything that is not an object counts as an empty config. */
  public static QueryConfig from(Object resetArgument) {
    if (!(resetArgument instanceof Map<?, ?> map)) {
      return empty();
    }
    Object timeout = map.get("timeout");
    Duration timeoutDuration =
        timeout instanceof Double ms && ms > 0 && !ms.isInfinite()
            ? Duration.ofMillis(ms.longValue())
            : null;
    return new QueryConfig(
        map.get("reduce_limit"),
        asNumber(map.get("reduce_limit_threshold")),
        asNumber(map.get("reduce_limit_ratio")),
        timeoutDuration);
  }

  private static Double asNumber(Object value) {
    return value instanceof Double d ? d : null;
  }

  /** Whether reduce output is checked at all ({@code reduce_limit} is truthy). */
  public boolean reduceLimitEnabled() {
    return JsTruthiness.isTruthy(reduceLimit);
  }

  /** Whether an overflow is only logged ({@code reduce_limit} is exactly "log"). */
  public boolean reduceLimitLogsOnly() {
    return "log".equals(reduceLimit);
  }

  /** {@code reduce_limit_threshold}, when it is a number. */
  public Optional<Double> threshold() {
    return Optional.ofNullable(threshold);
  }

  /** {@code reduce_limit_ratio}, when it is a number. */
  public Optional<Double> ratio() {
    return Optional.ofNullable(ratio);
  }

  /** {@code timeout} in milliseconds, when it is a positive number. */
  public Optional<Duration> timeout() {
    return Optional.ofNullable(timeout);
  }
}
