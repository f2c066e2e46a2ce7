package org.couchtck.reference.queryserver.js;

/**
 * Ends a list function whose input went away (the server was closed while it waited for a
 * row). An {@link Error} so no JavaScript {@code catch} can swallow it.
 */
final class InputClosedError extends Error {
  private static final long serialVersionUID = 1L;

  InputClosedError(Throwable cause) {
    super("query server input closed while a list waited for rows", cause, false, false);
  }
}
