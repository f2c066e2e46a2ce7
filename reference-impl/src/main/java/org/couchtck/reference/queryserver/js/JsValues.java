package org.couchtck.reference.queryserver.js;

import java.util.List;
import java.util.Map;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.ScriptableObject;

/** Turns the plain Java values of a protocol line into JavaScript values of one realm. */
final class JsValues {

  // The attributes Object.freeze leaves on an enumerable data property.
  private static final int FROZEN = ScriptableObject.READONLY | ScriptableObject.PERMANENT;

  private JsValues() {}

  /** The JavaScript value for a JSON value, with objects and arrays created in {@code scope}. */
  static Object toJs(Context cx, Scriptable scope, Object value) {
    return toJs(cx, scope, value, null);
  }

  /**
   * As {@link #toJs(Context, Scriptable, Object)}, with every object and array passed to {@code
   * freeze} (the realm's {@code Object.freeze}) once it is complete: the result is deep-frozen,
   * exactly as a recursive {@code Object.freeze} in JavaScript would leave it.
   */
  static Object toFrozenJs(Context cx, Scriptable scope, Object value, Function freeze) {
    return toJs(cx, scope, value, freeze);
  }

  private static Object toJs(Context cx, Scriptable scope, Object value, Function freeze) {
    Scriptable container;
    if (value instanceof List<?> list) {
      Object[] elements = new Object[list.size()];
      for (int i = 0; i < elements.length; i++) {
        elements[i] = toJs(cx, scope, list.get(i), freeze);
      }
      container = cx.newArray(scope, elements);
    } else if (value instanceof Map<?, ?> map) {
      container = cx.newObject(scope);
      for (Map.Entry<?, ?> e : map.entrySet()) {
        String key = String.valueOf(e.getKey());
        Object jsValue = toJs(cx, scope, e.getValue(), freeze);
        putProperty(container, key, jsValue, freeze != null);
      }
      if (freeze != null) {
        // What Object.freeze does to a plain object of data properties, without its generic
        // descriptor round trip per property: every property read-only and permanent (set as
        // each was put), then no new properties.
        ((ScriptableObject) container).preventExtensions();
        return container;
      }
    } else {
      return value; // strings, doubles, booleans and null are JavaScript values as they are
    }
    if (freeze != null) {
      freeze.call(cx, scope, scope, new Object[] {container});
    }
    return container;
  }

  // A key Rhino reads as an array index ("1234567890" too) must be stored as one, as Rhino's
  // own JSON.parse does: lookups go to the index slot, and freezing fails on a string slot.
  private static void putProperty(Scriptable object, String key, Object value, boolean frozen) {
    ScriptRuntime.StringIdOrIndex id = ScriptRuntime.toStringIdOrIndex(key);
    if (id.getStringId() == null) {
      object.put(id.getIndex(), object, value);
      if (frozen) {
        ((ScriptableObject) object).setAttributes(id.getIndex(), FROZEN);
      }
    } else {
      object.put(key, object, value);
      if (frozen) {
        ((ScriptableObject) object).setAttributes(key, FROZEN);
      }
    }
  }
}
