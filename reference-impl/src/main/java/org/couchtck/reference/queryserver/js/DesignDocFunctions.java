package org.couchtck.reference.queryserver.js;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.protocol.QueryServerError;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Undefined;

/**
 * Registered design documents and couchjs's walk to one of their functions: follow the path
 * from the document, fail with {@code not_found} when the last step is missing (a TypeError when
 * an earlier one is), and compile a source string on first use, caching the function in the
 * document itself (so its global survives reset, as in couchjs).
 */
final class DesignDocFunctions {

  private static final String TYPE_ERROR_REPLY = "[\"error\",\"TypeError\",{}]";

  private final Map<String, Object> designDocs = new HashMap<>();
  private final RhinoHost host;
  private final FunctionCompiler compiler;

  DesignDocFunctions(RhinoHost host, FunctionCompiler compiler) {
    this.host = host;
    this.compiler = compiler;
  }

  void register(Context cx, String id, Object designDoc) {
    designDocs.put(id, JsValues.toJs(cx, host.scope(), designDoc));
  }

  boolean isCached(String id) {
    return ScriptRuntime.toBoolean(designDocs.getOrDefault(id, Undefined.instance));
  }

  /** The registered document (for use as {@code this}). */
  Object document(String id) {
    return designDocs.get(id);
  }

  /** The compiled function at {@code path} in the document registered as {@code id}. */
  Function resolve(Context cx, String id, List<?> path) throws QueryServerError {
    Object designDoc = designDocs.get(id);
    Object point = designDoc;
    for (int i = 0; i < path.size(); i++) {
      String key = keyAt(cx, path, i);
      if (point == null || Undefined.isUndefined(point)) {
        // couchjs indexes into undefined here.
        throw QueryServerError.ofReply(TYPE_ERROR_REPLY, false);
      }
      Object next = ScriptRuntime.getObjectElem(point, key, cx, host.scope());
      if (i + 1 < path.size()) {
        point = next;
        continue;
      }
      if (!ScriptRuntime.toBoolean(next)) {
        throw QueryServerError.error(
            "not_found",
            "missing " + keyAt(cx, path, 0) + " function " + key + " on design doc " + id);
      }
      if (next instanceof Function fn && "function".equals(ScriptRuntime.typeof(fn))) {
        return fn;
      }
      Function compiled = compiler.compile(cx, next, (Scriptable) designDoc);
      // As point[key] = fun: a key like "1" is an array index, where the lookup looks.
      ScriptRuntime.setObjectElem(point, key, compiled, cx, host.scope());
      return compiled;
    }
    throw QueryServerError.ofReply(TYPE_ERROR_REPLY, false);
  }

  // A path element is a JSON value of the line; couchjs uses it (as a key, in messages) as
  // JavaScript's String() of it.
  private String keyAt(Context cx, List<?> path, int index) {
    return ScriptRuntime.toString(JsValues.toJs(cx, host.scope(), path.get(index)));
  }
}
