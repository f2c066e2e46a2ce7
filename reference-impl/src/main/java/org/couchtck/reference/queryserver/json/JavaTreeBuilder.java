package org.couchtck.reference.queryserver.json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Plain Java trees: {@link java.util.ArrayList} and {@link LinkedHashMap}. */
final class JavaTreeBuilder implements JsonTreeBuilder {

  static final JavaTreeBuilder INSTANCE = new JavaTreeBuilder();

  private JavaTreeBuilder() {}

  @Override
  public Object array(List<Object> elements) {
    return elements;
  }

  @Override
  public Object object(List<String> keys, List<Object> values) {
    Map<String, Object> object = new LinkedHashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.get(i);
      int sizeBefore = object.size();
      object.put(key, values.get(i));
      if (object.size() == sizeBefore) {
        // A repeated key moves to its last position.
        object.remove(key);
        object.put(key, values.get(i));
      }
    }
    return object;
  }
}
