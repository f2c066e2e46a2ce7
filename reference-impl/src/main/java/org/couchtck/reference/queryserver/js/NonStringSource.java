package org.couchtck.reference.queryserver.js;

import org.mozilla.javascript.Context;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptRuntime;

/**
 * What couchjs on SpiderMonkey makes of a function source that is not a string (a number,
 * boolean, array or object). CouchDB's esprima rewrite takes the value as it is, never String()
 * of it: the scanner reads {@code code.length} and calls {@code code.charCodeAt}, which none of
 * these values has. Only a length that says there is no input gets past the scanner; the empty
 * program then fails the rewrite itself.
 */
final class NonStringSource {

  // SpiderMonkey's toSource() of the TypeError, naming the scanner's line in CouchDB's main.js
  // (line 5300 of esprima.js, after main.js's opening line and the 55 lines of rewrite_fun.js).
  private static final String NO_CHAR_CODE_AT =
      "(new TypeError(\"this.source.charCodeAt is not a function\","
          + " \"./share/server/main.js\", 5356))";

  private NonStringSource() {}

  /** SpiderMonkey's toSource() of the error the rewrite throws for {@code source}. */
  static String rewriteError(Context cx, Scriptable scope, Object source) {
    Object length = ScriptRuntime.getObjectProp(source, "length", cx, scope);
    // esprima's end-of-input test, index >= length, at index 0
    boolean noInput = 0 >= ScriptRuntime.toNumber(length);
    return noInput ? AnonymousFunctionRewrite.EMPTY_PROGRAM : NO_CHAR_CODE_AT;
  }
}
