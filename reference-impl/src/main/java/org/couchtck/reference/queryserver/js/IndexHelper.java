package org.couchtck.reference.queryserver.js;

/**
 * Which {@code index()} a compiled function sees: add_fun's optional second argument
 * {@code "nouveau"} selects Nouveau's typed fields, anything else dreyfus (Clouseau) fields.
 */
public enum IndexHelper {
  /** {@code index(name, value, options)}: rows {@code [name, value, options]}. */
  DREYFUS,
  /** {@code index(type, name, value, options)}: objects {@code {"@type", name, value, ...}}. */
  NOUVEAU;

  /** The helper add_fun's second argument asks for. */
  public static IndexHelper forAddFunArgument(Object argument) {
    return "nouveau".equals(argument) ? NOUVEAU : DREYFUS;
  }
}
