package org.couchtck.reference.queryserver.js;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.json.JsonTreeBuilder;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;

/**
 * Makes deep-frozen JavaScript arrays and objects of one realm, exactly as a recursive {@code
 * Object.freeze} would leave them: documents are read-only for map functions. Use it inside an
 * entered context, on that context's thread.
 */
final class FrozenDocumentBuilder implements JsonTreeBuilder {

  // The attributes Object.freeze leaves on an enumerable data property.
  private static final int FROZEN = ScriptableObject.READONLY | ScriptableObject.PERMANENT;
  // Objects with more keys than this find repeated keys through a hash map.
  private static final int LINEAR_SCAN_KEYS = 8;

  private final Scriptable scope;
  private final Function freeze;

  /**
   * @param scope the realm's global
   * @param freeze the realm's {@code Object.freeze}
   */
  FrozenDocumentBuilder(Scriptable scope, Function freeze) {
    this.scope = scope;
    this.freeze = freeze;
  }

  @Override
  public Object array(List<Object> elements) {
    Context cx = Context.getCurrentContext();
    Scriptable array = cx.newArray(scope, elements.toArray());
    // An array's freezing (its dense storage made slots) is left to Object.freeze itself.
    freeze.call(cx, scope, scope, new Object[] {array});
    return array;
  }

  @Override
  public Object object(List<String> keys, List<Object> values) {
    Context cx = Context.getCurrentContext();
    ScriptableObject object = (ScriptableObject) cx.newObject(scope);
    Map<String, Integer> lastIndex = keys.size() > LINEAR_SCAN_KEYS ? lastIndexes(keys) : null;
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.get(i);
      if (repeatsLater(keys, i, lastIndex)) {
        continue; // JSON.parse keeps the last value, at the last position
      }
      // What Object.freeze does to a plain object of data properties, without its descriptor
      // round trip per property: read-only and permanent, then no new properties.
      ScriptRuntime.StringIdOrIndex id = ScriptRuntime.toStringIdOrIndex(key);
      if (id.getStringId() == null) {
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
