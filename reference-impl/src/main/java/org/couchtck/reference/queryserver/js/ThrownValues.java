package org.couchtck.reference.queryserver.js;

import org.couchtck.reference.queryserver.protocol.QueryServerError;
import org.couchtck.reference.queryserver.json.JsonText;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Undefined;

/**
 * What couchjs makes of a value thrown by a view function: swallowed with a log line, turned
 * into an error reply, or fatal. Mirrors handleViewError (views.js) and the main loop's
 * handleError (loop.js).
 */
final class ThrownValues {

  private static final String TYPE_ERROR_REPLY = "[\"error\",\"TypeError\",{}]";
  private static final String RHINO_STACK_OVERFLOW = "Exceeded maximum stack depth";

  private final RhinoHost host;

  ThrownValues(RhinoHost host) {
    this.host = host;
  }

  /**
   * Handles a value thrown by a map or reduce function. Returns normally when the error is
   * swallowed (after logging "function raised exception ..."); throws when the whole command
   * fails.
   *
   * @param doc the mapped document, or {@code null} for reduce functions
   */
  void handleViewError(Context cx, Object err, Object doc) throws QueryServerError {
    if (err == null || Undefined.isUndefined(err)) {
      // couchjs reads err[0] and fails with a TypeError, answered for the whole command.
      throw QueryServerError.ofReply(TYPE_ERROR_REPLY, false);
    }
    if (host.isFatalErrorString(cx, err)) {
      throw QueryServerError.error("map_runtime_error", "function raised 'fatal_error'");
    }
    if (ScriptRuntime.eq(host.firstElement(cx, err), "fatal")) {
      throw commandError(cx, err);
    }
    if (isInternalError(cx, err)) {
      throw internalError(cx, err);
    }
    String message = "function raised exception " + host.toSource(cx, err);
    if (doc != null && ScriptRuntime.toBoolean(doc)) {
      message += " with doc._id " + ScriptRuntime.toString(documentId(doc));
    }
    host.logMessage(message);
  }

  /** The error reply couchjs's main loop gives for a value that escaped a command. */
  QueryServerError commandError(Context cx, Object e) {
    if (e == null || Undefined.isUndefined(e)) {
      return QueryServerError.ofReply(TYPE_ERROR_REPLY, false);
    }
    Object type = host.firstElement(cx, e);
    if (ScriptRuntime.eq(type, "fatal") && e instanceof Scriptable array) {
      return reply(cx, withFirstElement(cx, array, "error"), true);
    }
    if (ScriptRuntime.eq(type, "error")) {
      return reply(cx, e, false);
    }
    if (isInternalError(cx, e)) {
      return internalError(cx, e);
    }
    if (e instanceof Scriptable object) {
      Object error = ScriptableObject.getProperty(object, "error");
      Object reason = ScriptableObject.getProperty(object, "reason");
      if (present(error) && ScriptRuntime.toBoolean(error) && present(reason)
          && ScriptRuntime.toBoolean(reason)) {
        return reply(cx, host.newArray(new Object[] {"error", error, reason}), false);
      }
      Object name = ScriptableObject.getProperty(object, "name");
      if (present(name) && ScriptRuntime.toBoolean(name)) {
        return reply(
            cx, host.newArray(new Object[] {"error", name, host.replyForm(cx, e)}),
            false);
      }
    }
    return QueryServerError.ofReply(
        "[\"error\",\"unnamed_error\"," + JsonText.quote(host.toSource(cx, e)) + "]", false);
  }

  private QueryServerError reply(Context cx, Object value, boolean fatal) {
    Outcome json = host.stringify(cx, value);
    if (!json.returned() || !(json.value() instanceof CharSequence text)) {
      return QueryServerError.ofReply(TYPE_ERROR_REPLY, fatal);
    }
    return QueryServerError.ofReply(JsonText.escapeLoneSurrogates(text.toString()), fatal);
  }

  private Scriptable withFirstElement(Context cx, Scriptable array, Object first) {
    long length = (long) ScriptRuntime.toNumber(ScriptableObject.getProperty(array, "length"));
    Object[] elements = new Object[(int) Math.max(0, Math.min(length, Integer.MAX_VALUE))];
    for (int i = 0; i < elements.length; i++) {
      Object element = ScriptableObject.getProperty(array, i);
      elements[i] = element == Scriptable.NOT_FOUND ? Undefined.instance : element;
    }
    if (elements.length > 0) {
      elements[0] = first;
    }
    return host.newArray(elements);
  }

  private static Object documentId(Object doc) {
    if (doc instanceof Scriptable object) {
      Object id = ScriptableObject.getProperty(object, "_id");
      return id == Scriptable.NOT_FOUND ? Undefined.instance : id;
    }
    return Undefined.instance;
  }

  private static boolean present(Object value) {
    return value != Scriptable.NOT_FOUND && !Undefined.isUndefined(value);
  }

  // couchjs's test err.name == "InternalError" (loose equality: ["InternalError"] matches too).
  private boolean isInternalError(Context cx, Object value) {
    if (!(value instanceof Scriptable)) {
      return false;
    }
    Object name = ScriptRuntime.getObjectProp(value, "name", cx, host.scope());
    return ScriptRuntime.eq(name, "InternalError");
  }

  // Engine-internal errors (out of stack) are fatal since CouchDB 3.4: couchjs answers
  // ["error", err.name, err.message] with the values as they are, then exits.
  private QueryServerError internalError(Context cx, Object error) {
    Object name = ScriptRuntime.getObjectProp(error, "name", cx, host.scope());
    Object message = ScriptRuntime.getObjectProp(error, "message", cx, host.scope());
    if (message instanceof CharSequence text && text.toString().startsWith(RHINO_STACK_OVERFLOW)) {
      message = "too much recursion"; // SpiderMonkey's wording for running out of stack
    }
    return reply(cx, host.newArray(new Object[] {"error", name, message}), true);
  }
}
