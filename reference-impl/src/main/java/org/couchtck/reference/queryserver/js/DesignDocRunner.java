package org.couchtck.reference.queryserver.js;

import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.queryserver.json.JsonText;
import org.couchtck.reference.queryserver.protocol.QueryServerError;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Undefined;

/**
 * Calls a resolved design-document function with couchjs's convention for its section and
 * builds the reply (filter.js, validate.js, render.js). Documents passed to these functions are not frozen.
 */
final class DesignDocRunner {

  private static final String TYPE_ERROR_REPLY = "[\"error\",\"TypeError\",{}]";

  private final RhinoHost host;
  private final ThrownValues thrown;

  DesignDocRunner(RhinoHost host, ThrownValues thrown) {
    this.host = host;
    this.thrown = thrown;
  }

  String run(Context cx, DesignDocSection section, Function fn, Object designDoc, Object args)
      throws QueryServerError {
    return switch (section) {
      case FILTERS -> filter(cx, fn, designDoc, args);
      case VIEWS -> filterView(cx, fn, args);
      case VALIDATE_DOC_UPDATE -> validate(cx, fn, designDoc, args);
      case SHOWS -> reply(cx, host.render(cx, "runShow", fn, designDoc, args));
      case LISTS -> reply(cx, host.render(cx, "runList", fn, designDoc, args));
      case UPDATES -> reply(cx, host.render(cx, "runUpdate", fn, designDoc, args));
      case REWRITES -> reply(cx, host.render(cx, "runRewrite", fn, designDoc, args));
    };
  }

  private String reply(Context cx, Outcome outcome) throws QueryServerError {
    if (!outcome.returned()) {
      throw thrown.commandError(cx, outcome.value());
    }
    Outcome json = host.stringify(cx, outcome.value());
    if (!json.returned() || !(json.value() instanceof CharSequence text)) {
      throw QueryServerError.ofReply(TYPE_ERROR_REPLY, false);
    }
    return JsonText.escapeLoneSurrogates(text.toString());
  }

  // Each document passes when the function returns a truthy value; a throw fails the batch.
  private String filter(Context cx, Function fn, Object designDoc, Object args)
      throws QueryServerError {
    Object docs = element(cx, args, 0);
    Object req = element(cx, args, 1);
    List<Boolean> passes = new ArrayList<>();
    for (int i = 0; i < length(cx, docs); i++) {
      Outcome outcome = host.callSafely(cx, fn, designDoc, new Object[] {element(cx, docs, i), req});
      if (!outcome.returned()) {
        throw thrown.commandError(cx, outcome.value());
      }
      passes.add(ScriptRuntime.toBoolean(outcome.value()));
    }
    return "[true," + JsonText.write(passes) + "]";
  }

  // A map function as a changes filter: a document passes when the function emits anything.
  private String filterView(Context cx, Function fn, Object args) throws QueryServerError {
    Object docs = element(cx, args, 0);
    List<Boolean> passes = new ArrayList<>();
    for (int i = 0; i < length(cx, docs); i++) {
      host.clearEmitted();
      Outcome outcome = host.callSafely(cx, fn, Undefined.instance, new Object[] {element(cx, docs, i)});
      if (!outcome.returned()) {
        throw thrown.commandError(cx, outcome.value());
      }
      passes.add(host.emittedCount() > 0);
    }
    host.clearEmitted();
    return "[true," + JsonText.write(passes) + "]";
  }

  // Returning (anything) accepts: 1. A thrown value is the reply, unless it is a real error
  // (has a name and a stack), which is answered as an error.
  private String validate(Context cx, Function fn, Object designDoc, Object args)
      throws QueryServerError {
    Object[] callArgs = toArray(cx, args);
    Outcome outcome = host.callSafely(cx, fn, designDoc, callArgs);
    if (outcome.returned()) {
      return "1";
    }
    Object error = outcome.value();
    if (!(error instanceof Scriptable) && (error == null || Undefined.isUndefined(error))) {
      throw QueryServerError.ofReply(TYPE_ERROR_REPLY, false);
    }
    Object name = ScriptRuntime.getObjectProp(error, "name", cx, host.scope());
    Object stack = ScriptRuntime.getObjectProp(error, "stack", cx, host.scope());
    if (ScriptRuntime.toBoolean(name) && ScriptRuntime.toBoolean(stack)) {
      throw thrown.commandError(cx, error);
    }
    Outcome json = host.stringify(cx, error);
    if (!json.returned() || !(json.value() instanceof CharSequence text)) {
      throw QueryServerError.ofReply(TYPE_ERROR_REPLY, false);
    }
    return JsonText.escapeLoneSurrogates(text.toString());
  }

  private Object element(Context cx, Object arrayLike, int index) {
    if (arrayLike == null || Undefined.isUndefined(arrayLike)) {
      return Undefined.instance;
    }
    return ScriptRuntime.getObjectIndex(arrayLike, index, cx, host.scope());
  }

  private int length(Context cx, Object arrayLike) throws QueryServerError {
    if (arrayLike == null || Undefined.isUndefined(arrayLike)) {
      throw QueryServerError.ofReply(TYPE_ERROR_REPLY, false);
    }
    Object length = ScriptRuntime.getObjectProp(arrayLike, "length", cx, host.scope());
    double n = ScriptRuntime.toNumber(length);
    return Double.isNaN(n) ? 0 : (int) Math.max(0, Math.min(n, Integer.MAX_VALUE));
  }

  private Object[] toArray(Context cx, Object args) throws QueryServerError {
    if (!(args instanceof Scriptable array)) {
      return new Object[0];
    }
    int n = length(cx, args);
    Object[] values = new Object[n];
    for (int i = 0; i < n; i++) {
      Object value = ScriptableObject.getProperty(array, i);
      values[i] = value == Scriptable.NOT_FOUND ? Undefined.instance : value;
    }
    return values;
  }
}
