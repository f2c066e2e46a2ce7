package org.couchtck.reference.queryserver.js;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.json.JsonTreeBuilder;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.NativeArray;
import org.mozilla.javascript.NativeObject;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;

/**
 * Makes deep-frozen JavaScript arrays and objects of one realm, exactly as a recursive {@code
 * Object.freeze} would leave them: documents are read-only for map functions. Use it inside an
 * entered context, on that context's thread.
 */
final class FrozenDocumentBuilder implements JsonTreeBuilder {

  // The attributes Object.freeze leaves on an enumerable data property, and on an array's length.
  private static final int FROZEN = ScriptableObject.READONLY | ScriptableObject.PERMANENT;
  private static final int FROZEN_LENGTH = FROZEN | ScriptableObject.DONTENUM;
  // Objects with more keys than this find repeated keys through a hash map.
  private static final int LINEAR_SCAN_KEYS = 8;

  private final Scriptable scope;
  private final Scriptable arrayPrototype;
  private final Scriptable objectPrototype;

  /** @param scope the realm's global */
  FrozenDocumentBuilder(Scriptable scope) {
    this.scope = scope;
    this.arrayPrototype = ScriptableObject.getArrayPrototype(scope);
    this.objectPrototype = ScriptableObject.getObjectPrototype(scope);
  }

  @Override
  public Object array(List<Object> elements) {
    NativeArray array = JsValues.newArray(scope, arrayPrototype, elements.toArray());
    // What Object.freeze leaves, without its descriptor round trip per element. Defining the first
    // index moves every element from the dense store into a slot (Rhino's frozen array has no
    // dense store, and so throws on strict-mode writes past its end); the other slots are then only
    // made read-only and permanent, as the length is. An empty array has no index to define: its
    // length is defined with its value, as Object.freeze does, which also leaves it not dense-only.
    Context cx = Context.getCurrentContext();
    if (elements.isEmpty()) {
      array.defineOwnProperty(cx, "length", frozen(false, 0.0));
    } else {
      array.defineOwnProperty(cx, 0, frozen(true, Scriptable.NOT_FOUND));
      for (int index = 1; index < elements.size(); index++) {
        array.setAttributes(index, FROZEN);
      }
      array.setAttributes("length", FROZEN_LENGTH);
    }
    array.preventExtensions();
    return array;
  }

  // A read-only, permanent data descriptor; NOT_FOUND for "keep the current value".
  private static ScriptableObject.DescriptorInfo frozen(boolean enumerable, Object value) {
    return new ScriptableObject.DescriptorInfo(
        enumerable, false, false, Scriptable.NOT_FOUND, Scriptable.NOT_FOUND, value);
  }

  @Override
  public Object object(List<String> keys, List<Object> values) {
    ScriptableObject object = new NativeObject();
    object.setParentScope(scope);
    object.setPrototype(objectPrototype);
    Map<String, Integer> lastIndex = keys.size() > LINEAR_SCAN_KEYS ? lastIndexes(keys) : null;
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.get(i);
      if (repeatsLater(keys, i, lastIndex)) {
        continue; // JSON.parse keeps the last value, at the last position
      }
      // What Object.freeze does to a plain object of data properties, without its descriptor
      // round trip per property: read-only and permanent, then no new properties.
      ScriptRuntime.StringIdOrIndex id = mayBeIndex(key) ? ScriptRuntime.toStringIdOrIndex(key) : null;
      if (id != null && id.getStringId() == null) {
        // A key Rhino reads as an array index is stored as one, as Rhino's own JSON.parse does.
        object.put(id.getIndex(), object, values.get(i));
        object.setAttributes(id.getIndex(), FROZEN);
      } else {
        object.put(key, object, values.get(i));
        object.setAttributes(key, FROZEN);
      }
    }
    object.preventExtensions();
    return object;
  }

  // Rhino stores a key as an integer only if it starts with a digit or a minus sign ("-1" too).
  private static boolean mayBeIndex(String key) {
    return !key.isEmpty() && (key.charAt(0) <= '9' && key.charAt(0) >= '0' || key.charAt(0) == '-');
  }

  private static Map<String, Integer> lastIndexes(List<String> keys) {
    Map<String, Integer> last = new HashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      last.put(keys.get(i), i);
    }
    return last;
  }

  private static boolean repeatsLater(List<String> keys, int i, Map<String, Integer> lastIndex) {
    if (lastIndex != null) {
      return lastIndex.get(keys.get(i)) != i;
    }
    String key = keys.get(i);
    for (int later = i + 1; later < keys.size(); later++) {
      if (key.equals(keys.get(later))) {
        return true;
      }
    }
    return false;
  }
}
