package org.couchtck.reference.queryserver.protocol;

import org.couchtck.reference.queryserver.json.JsonText;

/**
 * An error answer to the current command: {@code ["error", id, reason]} written as the reply.
 * A fatal one also ends the process, as couchjs does after {@code ["fatal", ...]} errors.
 */
public final class QueryServerError extends Exception {
  private static final long serialVersionUID = 1L;

  private final String replyJson;
  private final boolean fatal;

  private QueryServerError(String replyJson, boolean fatal) {
    super(replyJson, null, false, false);
    this.replyJson = replyJson;
    this.fatal = fatal;
  }

  /** A non-fatal error reply {@code ["error", id, reason]}. */
  public static QueryServerError error(String id, String reason) {
    return new QueryServerError(errorLine(id, JsonText.quote(reason)), false);
  }

  /** A fatal error: the reply is {@code ["error", id, reason]}, then the process exits. */
  public static QueryServerError fatal(String id, String reason) {
    return new QueryServerError(errorLine(id, JsonText.quote(reason)), true);
  }

  /** An error whose whole reply line was already serialised (reasons may be any JSON value). */
  public static QueryServerError ofReply(String replyJson, boolean fatal) {
    return new QueryServerError(replyJson, fatal);
  }

  private static String errorLine(String id, String reasonJson) {
    return "[\"error\"," + JsonText.quote(id) + "," + reasonJson + "]";
  }

  /** The reply line to write. */
  public String replyJson() {
    return replyJson;
  }

  /** Whether the process ends after the reply. */
  public boolean isFatal() {
    return fatal;
  }
}
