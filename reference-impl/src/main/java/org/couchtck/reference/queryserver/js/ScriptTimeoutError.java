package org.couchtck.reference.queryserver.js;

/**
 * Stops a script that ran past its deadline. An {@link Error}, so that no JavaScript {@code
 * catch} or {@code finally} block can intercept it.
 */
final class ScriptTimeoutError extends Error {
  private static final long serialVersionUID = 1L;

  ScriptTimeoutError() {
    super("script deadline passed", null, false, false);
  }
}
