package org.couchtck.reference.queryserver.js;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.json.JsonTreeBuilder;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.NativeArray;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptRuntime;

/** Turns the plain Java values of a protocol line into JavaScript values of one realm. */
final class JsValues {

  private JsValues() {}

  /**
   * A new array of a realm, as {@code cx.newArray(scope, elements)} makes it but with the realm's
   * {@code Array.prototype} at hand instead of looked up through its global each time.
   */
  static NativeArray newArray(Scriptable scope, Scriptable arrayPrototype, Object[] elements) {
    NativeArray array = new NativeArray(elements);
    array.setParentScope(scope);
    array.setPrototype(arrayPrototype);
    return array;
  }

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
        putProperty(object, String.valueOf(e.getKey()), toJs(cx, scope, e.getValue()));
      }
      return object;
    }
    return value; // strings, doubles, booleans and null are JavaScript values as they are
  }

  /**
   * The value of a JSON value (lists and maps) as {@code builder} makes arrays and objects, from
   * the innermost out.
   */
  static Object build(Object value, JsonTreeBuilder builder) {
    if (value instanceof Scriptable) {
      return value; // made by a builder already (Rhino's arrays are Lists, its objects Maps)
    }
    if (value instanceof List<?> list) {
      List<Object> elements = new ArrayList<>(list.size());
      for (Object element : list) {
        elements.add(build(element, builder));
      }
      return builder.array(elements);
    }
    if (value instanceof Map<?, ?> map) {
      List<String> keys = new ArrayList<>(map.size());
      List<Object> values = new ArrayList<>(map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        keys.add(String.valueOf(e.getKey()));
        values.add(build(e.getValue(), builder));
      }
      return builder.object(keys, values);
    }
    return value;
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
