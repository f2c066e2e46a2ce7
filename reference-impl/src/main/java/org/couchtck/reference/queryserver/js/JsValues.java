package org.couchtck.reference.queryserver.js;

import java.util.List;
import java.util.Map;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptRuntime;

/** Turns the plain Java values of a protocol line into JavaScript values of one realm. */
final class JsValues {

  private JsValues() {}

  /** The JavaScript value for a JSON value, with objects and arrays created in {@code scope}. */
  static Object toJs(Context cx, Scriptable scope, Object value) {
    if (value instanceof List<?> list) {
      Object[] elements = new Object[list.size()];
      for (int i = 0; i < elements.length; i++) {
        elements[i] = toJs(cx, scope, list.get(i));
      }
      return cx.newArray(scope, elements);
    }
    if (value instanceof Map<?, ?> map) {
      Scriptable object = cx.newObject(scope);
      for (Map.Entry<?, ?> e : map.entrySet()) {
        String key = String.valueOf(e.getKey());
        Object jsValue = toJs(cx, scope, e.getValue());
        putProperty(object, key, jsValue);
      }
      return object;
    }
    return value; // strings, doubles, booleans and null are JavaScript values as they are
  }

  // A key Rhino reads as an array index ("1234567890" too) must be stored as one, as Rhino's
  // own JSON.parse does: lookups go to the index slot, and freezing fails on a string slot.
  private static void putProperty(Scriptable object, String key, Object value) {
    ScriptRuntime.StringIdOrIndex id = ScriptRuntime.toStringIdOrIndex(key);
    if (id.getStringId() == null) {
      object.put(id.getIndex(), object, value);
    } else {
      object.put(key, object, value);
    }
  }
}
