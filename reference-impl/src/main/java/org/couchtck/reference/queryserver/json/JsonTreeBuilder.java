package org.couchtck.reference.queryserver.json;

import java.util.List;

/**
 * Makes the arrays and objects {@link JsonTreeReader} reads; strings, numbers, booleans and null
 * are always {@link String}, {@link Double}, {@link Boolean} and {@code null}.
 */
public interface JsonTreeBuilder {

  /** The array of {@code elements} (a new list the builder may keep). */
  Object array(List<Object> elements);

  /**
   * The object of these members, in the text's order; a key may repeat, and then its last value
   * counts, at the position of its last occurrence (as JSON.parse does). Both lists are new and
   * the builder may keep them.
   */
  Object object(List<String> keys, List<Object> values);
}
