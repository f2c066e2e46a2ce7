package org.couchtck.reference.queryserver.json;

/** A protocol line, or part of one, that is not valid JSON. */
public final class JsonSyntaxException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with the parser's description of the problem. */
  public JsonSyntaxException(String message) {
    super(message);
  }
}
