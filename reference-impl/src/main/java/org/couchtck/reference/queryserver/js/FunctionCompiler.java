package org.couchtck.reference.queryserver.js;

import org.couchtck.reference.queryserver.protocol.QueryServerError;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.EvaluatorException;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.LambdaFunction;
import org.mozilla.javascript.Script;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.Undefined;

/**
 * couchjs's compileFunction: evaluates a function source in a fresh global of its own and
 * requires the result to be a function. Errors are couchjs's: {@code not_found "missing
 * function"} for an empty source, {@code compilation_error "<error toSource> (<source>)"} when
 * evaluation fails (or the source is not a string, see {@link NonStringSource}), and {@code
 * "Expression does not eval to a function. (<source>)"}.
 */
final class FunctionCompiler {

  private final RhinoHost host;

  FunctionCompiler(RhinoHost host) {
    this.host = host;
  }

  /**
   * Compiles {@code source}.
   *
   * @param designDoc the object {@code require} resolves paths in, or null for no require
   */
  Function compile(Context cx, Object source, Scriptable designDoc) throws QueryServerError {
    return compile(cx, source, designDoc, IndexHelper.DREYFUS);
  }

  /**
   * Compiles {@code source} with the given {@code index()} helper.
   *
   * @param designDoc the object {@code require} resolves paths in, or null for no require
   */
  Function compile(Context cx, Object source, Scriptable designDoc, IndexHelper indexHelper)
      throws QueryServerError {
    // add_fun and reduce give JSON values from the line, design documents JavaScript values.
    Object jsSource = JsValues.toJs(cx, host.scope(), source);
    if (!ScriptRuntime.toBoolean(jsSource)) {
      throw QueryServerError.error("not_found", "missing function");
    }
    // The source as couchjs's error messages show it: JavaScript's String(), not Java's.
    String text = ScriptRuntime.toString(jsSource);
    if (!(jsSource instanceof CharSequence)) {
      throw compilationError(NonStringSource.rewriteError(cx, host.scope(), jsSource), text);
    }
    ScriptableObject sandbox = host.newSandbox(cx);
    if (indexHelper == IndexHelper.NOUVEAU) {
      host.useNouveauIndex(sandbox);
    }
    if (designDoc != null) {
      sandbox.put("require", sandbox, host.makeRequire(cx, sandbox, designDoc));
    }
    Script script;
    try {
      String prepared = AnonymousFunctionRewrite.prepare(cx, text);
      script = cx.compileString(prepared, RhinoHost.USER_SOURCE_NAME, 1, null);
    } catch (EvaluatorException e) {
      throw compilationError(syntaxErrorSource(e), text);
    } catch (AnonymousFunctionRewrite.Failure e) {
      throw compilationError(e.errorSource(), text);
    }
    Function run =
        new LambdaFunction(host.scope(), "run", 0, (c, s, thisObj, args) -> script.exec(c, sandbox, sandbox));
    Outcome outcome = host.callSafely(cx, run, Undefined.instance, new Object[0]);
    if (!outcome.returned()) {
      throw compilationError(host.toSource(cx, outcome.value()), text);
    }
    if (!"function".equals(ScriptRuntime.typeof(outcome.value()))) {
      throw QueryServerError.error(
          "compilation_error", "Expression does not eval to a function. (" + text + ")");
    }
    return (Function) outcome.value();
  }

  private static QueryServerError compilationError(String errorSource, String source) {
    return QueryServerError.error("compilation_error", errorSource + " (" + source + ")");
  }

  private static String syntaxErrorSource(EvaluatorException e) {
    return "(new SyntaxError(\""
        + ScriptRuntime.escapeString(e.details(), '"')
        + "\", \""
        + RhinoHost.USER_SOURCE_NAME
        + "\", "
        + e.lineNumber()
        + "))";
  }
}
