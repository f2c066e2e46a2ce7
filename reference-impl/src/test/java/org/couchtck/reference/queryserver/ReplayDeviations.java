package org.couchtck.reference.queryserver;

import java.util.Map;
import java.util.Set;

/**
 * Where the Rhino reference server knowingly differs from the couchjs-sm102 recordings: per
 * session, the exchanges (input line indexes, or "exit") that differ, and why. Everything not
 * listed must match exactly.
 */
final class ReplayDeviations {

  private ReplayDeviations() {}

  /** A documented difference: which exchanges differ and why. */
  record Deviation(Set<String> exchanges, String reason) {}

  /** In-scope sessions left out of the replay, with the reason. */
  static final Map<String, String> EXCLUDED_SESSIONS = Map.of();

  private static final String ENGINE_WORDING =
      "engine-specific error text: Rhino words runtime errors differently from SpiderMonkey";
  private static final String ESCODEGEN_LINES =
      "SpiderMonkey reports lines of the escodegen-regenerated source (one statement per line);"
          + " the reference keeps the original source and its line numbers";

  private static final String RENDER_ERROR_TEXT =
      "render_error text (and its log line) embeds the engine's error text and stack trace;"
          + " SpiderMonkey's trace names main.js frames";

  static final Map<String, Deviation> DEVIATIONS =
      Map.ofEntries(
          Map.entry("qs.protocol.error-does-not-end-session", new Deviation(Set.of("1"),
              "syntax error text: SpiderMonkey's comes from esprima ('Line 1: Unexpected end of"
                  + " input')")),
          Map.entry("qs.shows.null-doc-short-path", new Deviation(Set.of("2"), RENDER_ERROR_TEXT)),
          Map.entry("qs.lists.send-null", new Deviation(Set.of("2"), RENDER_ERROR_TEXT)),
          Map.entry("qs.lists.throw-midway", new Deviation(Set.of("4"), RENDER_ERROR_TEXT)),
          Map.entry("qs.rewrites.throw-error", new Deviation(Set.of("2"),
              "rewrite_error text (and its log line) embeds the engine's stack trace")),
          Map.entry("qs.require.non-string-argument", new Deviation(Set.of("2"), ENGINE_WORDING)),
          Map.entry("qs.shows.provides-unknown-format", new Deviation(Set.of("2"),
              RENDER_ERROR_TEXT)),
          Map.entry("qs.shows.throw-error", new Deviation(Set.of("2"), RENDER_ERROR_TEXT)),
          Map.entry("qs.updates.bad-responses", new Deviation(Set.of("5"), RENDER_ERROR_TEXT)),
          Map.entry("qs.updates.throw-error-reason-and-error", new Deviation(Set.of("3"),
              RENDER_ERROR_TEXT)),
          Map.entry("qs.add_fun.es2015-syntax", new Deviation(Set.of("1", "2"),
              "Rhino 1.9 has no class syntax: compilation_error, so the map_doc emits nothing")),
          Map.entry("qs.add_lib.module-syntax-error", new Deviation(Set.of("3"),
              "syntax error text of the module: Rhino's parser says 'syntax error'")),
          Map.entry("qs.log.cyclic-object", new Deviation(Set.of("3"),
              ENGINE_WORDING + "; SpiderMonkey's error also names main.js:7736")),
          Map.entry("qs.map_doc.doc-frozen-array-push", new Deviation(Set.of("4"),
              ESCODEGEN_LINES + " (messages match)")),
          Map.entry("qs.map_doc.doc-frozen-strict-mode", new Deviation(Set.of("3"),
              ENGINE_WORDING + "; " + ESCODEGEN_LINES)),
          Map.entry("qs.map_doc.infinite-loop", new Deviation(Set.of("2", "exit"),
              "the reference stops a function after the reset timeout and answers"
                  + " [\"error\",\"timeout\",...]; couchjs never answers and is killed by CouchDB")),
          Map.entry("qs.map_doc.null-and-non-object-docs", new Deviation(Set.of("8"),
              ENGINE_WORDING + "; " + ESCODEGEN_LINES)),
          Map.entry("qs.map_doc.special-number-literals", new Deviation(Set.of("2"),
              "Rhino's String(5e-324) is '4.9e-324' (the JSON value itself is equal)")),
          Map.entry("qs.reduce.builtin-name", new Deviation(Set.of("1", "2"),
              ENGINE_WORDING + " ('\"_sum\" is not defined.' vs '_sum is not defined')")),
          Map.entry("qs.reduce.compile-error", new Deviation(Set.of("1"),
              "syntax error text: SpiderMonkey's comes from esprima ('Line 1: Unexpected token }')")),
          Map.entry("qs.reduce.function-throws", new Deviation(Set.of("1"),
              ENGINE_WORDING + "; " + ESCODEGEN_LINES)),
          Map.entry("qs.sandbox.builtins", new Deviation(Set.of("2"),
              "Rhino has no Intl, Atomics or SharedArrayBuffer")),
          Map.entry("qs.sandbox.error-messages", new Deviation(Set.of("2"), ENGINE_WORDING)),
          Map.entry("qs.sandbox.function-tostring", new Deviation(Set.of("2"),
              "toString() gives escodegen's regenerated source on SpiderMonkey, the original"
                  + " source on the reference")),
          Map.entry("qs.sandbox.runtime-features", new Deviation(Set.of("2"),
              "Rhino has no Intl; toLocaleString() does not group digits")));

  /** The exchanges expected to differ in a session (empty when it must match exactly). */
  static Set<String> expectedFor(String sessionId) {
    Deviation deviation = DEVIATIONS.get(sessionId);
    return deviation == null ? Set.of() : deviation.exchanges();
  }
}
