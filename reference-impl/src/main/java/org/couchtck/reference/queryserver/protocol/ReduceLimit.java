package org.couchtck.reference.queryserver.protocol;

/**
 * couchjs's reduce_limit rule (CouchDB 3.5.2): when {@code reduce_limit} is truthy, output
 * longer than {@code reduce_limit_threshold} characters that is more than input / {@code
 * reduce_limit_ratio} is an overflow. Input size is the protocol line's length minus the
 * functions' source lengths. With {@code "log"} the overflow is only logged.
 */
public final class ReduceLimit {

  private final QueryConfig config;

  /** A check with the limits of {@code config}. */
  public ReduceLimit(QueryConfig config) {
    this.config = config;
  }

  /**
   * Checks one reduce output.
   *
   * @param reductionsJson the reply's result array, as written
   * @param inputSize line length minus function source lengths
   * @param reduceContext the 4th element of the command (the view's name), null when absent
   * @throws QueryServerError {@code reduce_overflow_error} when the output overflows
   */
  public void check(String reductionsJson, int inputSize, Object reduceContext, LogSink log)
      throws QueryServerError {
    if (!overflows(reductionsJson.length(), inputSize)) {
      return;
    }
    // couchjs joins the message's parts only now: Array.prototype.join writes null as "",
    // anything else as String() of it.
    String contextText = reduceContext == null ? "" : JsTruthiness.toJsString(reduceContext);
    String message =
        "Reduce output must shrink more rapidly: input size: "
            + inputSize
            + " output size: "
            + reductionsJson.length()
            + " context: "
            + contextText;
    if (config.reduceLimitLogsOnly()) {
      log.log("reduce_overflow_error: " + message);
    } else {
      throw QueryServerError.error("reduce_overflow_error", message);
    }
  }

  /** Whether output of {@code outputSize} characters for {@code inputSize} overflows. */
  public boolean overflows(int outputSize, int inputSize) {
    if (!config.reduceLimitEnabled() || config.threshold().isEmpty() || config.ratio().isEmpty()) {
      // Comparing with an absent threshold or ratio is false in couchjs.
      return false;
    }
    return outputSize > config.threshold().get() && outputSize * config.ratio().get() > inputSize;
  }
}
