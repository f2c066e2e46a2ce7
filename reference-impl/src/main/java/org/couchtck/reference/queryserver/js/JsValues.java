package org.couchtck.reference.queryserver.js;

import java.util.List;
import java.util.Map;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Scriptable;

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

  private static void putProperty(Scriptable object, String key, Object value) {
    long index = arrayIndex(key);
    if (index >= 0) {
      object.put((int) index, object, value);
    } else {
      object.put(key, object, value);
    }
  }

  // Integer-like keys are array indices in JavaScript and are ordered first.
  private static long arrayIndex(String key) {
    if (key.isEmpty() || key.length() > 9 || (key.length() > 1 && key.charAt(0) == '0')) {
      return -1;
    }
    long n = 0;
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }
}
