package org.couchtck.reference.queryserver.protocol;

import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.json.JsNumbers;

/** JavaScript's ToBoolean and ToString for the plain Java values of a protocol line. */
public final class JsTruthiness {

  private JsTruthiness() {}

  /** JavaScript truthiness: null, false, 0, NaN and "" are false, everything else true. */
  public static boolean isTruthy(Object value) {
    if (value == null) {
      return false;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    if (value instanceof Double d) {
      return d != 0 && !d.isNaN();
    }
    if (value instanceof String s) {
      return !s.isEmpty();
    }
    return true;
  }

  /**
   * JavaScript's String(value) for a JSON value.
   *
   * @throws QueryServerError the TypeError reply couchjs's main loop gives when the value (or an
   *     element) is an object with its own {@code toString} member: JSON makes that member no
   *     function, so the object has no string form
   */
  public static String toJsString(Object value) throws QueryServerError {
    if (value == null) {
      return "null";
    }
    if (value instanceof Double d) {
      if (d.isNaN()) {
        return "NaN";
      }
      if (d.isInfinite()) {
        return d > 0 ? "Infinity" : "-Infinity";
      }
      return JsNumbers.format(d);
    }
    if (value instanceof List<?> list) {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        Object element = list.get(i);
        if (element != null) {
          out.append(toJsString(element));
        }
      }
      return out.toString();
    }
    if (value instanceof Map<?, ?> map) {
      if (map.containsKey("toString")) {
        throw QueryServerError.ofReply("[\"error\",\"TypeError\",{}]", false);
      }
      return "[object Object]";
    }
    return String.valueOf(value);
  }
}
