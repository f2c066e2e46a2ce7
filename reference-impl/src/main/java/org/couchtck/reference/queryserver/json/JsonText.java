package org.couchtck.reference.queryserver.json;

import java.util.List;
import java.util.Map;

/**
 * Writes Java values (as produced by {@link JsonTreeReader}) as compact JSON. Non-ASCII text is
 * written as is; control characters and lone UTF-16 surrogates are escaped so the line stays
 * valid UTF-8 and a single protocol line.
 */
public final class JsonText {

  private JsonText() {}

  /** The JSON string literal for {@code text}. */
  public static String quote(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2);
    appendQuoted(out, text);
    return out.toString();
  }

  /** Compact JSON for a tree of lists, maps, strings, numbers, booleans and nulls. */
  public static String write(Object value) {
    StringBuilder out = new StringBuilder();
    append(out, value);
    return out.toString();
  }

  /**
   * Escapes lone surrogates in a JSON text produced elsewhere (they can only occur inside
   * string literals, where an escape means the same character).
   */
  public static String escapeLoneSurrogates(String json) {
    int n = json.length();
    StringBuilder out = null;
    for (int i = 0; i < n; i++) {
      char c = json.charAt(i);
      boolean lone = isLoneSurrogate(json, i);
      if (lone && out == null) {
        out = new StringBuilder(n + 16).append(json, 0, i);
      }
      if (out != null) {
        if (lone) {
          appendUnicodeEscape(out, c);
        } else {
          out.append(c);
        }
      }
      if (!lone && Character.isHighSurrogate(c) && i + 1 < n) {
        if (out != null) {
          out.append(json.charAt(i + 1));
        }
        i++;
      }
    }
    return out == null ? json : out.toString();
  }

  private static boolean isLoneSurrogate(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
    }
    return Character.isLowSurrogate(c);
  }

  private static void append(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      appendQuoted(out, s);
    } else if (value instanceof Boolean b) {
      out.append(b.booleanValue());
    } else if (value instanceof Number n) {
      out.append(JsNumbers.format(n.doubleValue()));
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        append(out, list.get(i));
      }
      out.append(']');
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (!first) {
          out.append(',');
        }
        first = false;
        appendQuoted(out, String.valueOf(e.getKey()));
        out.append(':');
        append(out, e.getValue());
      }
      out.append('}');
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
    }
  }

  /**
   * Appends the JSON string literal for {@code s}: the short escapes, {@code \}{@code u} escapes
   * for other control characters and lone surrogates, everything else as it is. This is also
   * exactly how JavaScript's JSON.stringify quotes (ES2019).
   */
  public static void appendQuoted(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || isLoneSurrogate(s, i)) {
            appendUnicodeEscape(out, c);
          } else {
            out.append(c);
            if (Character.isHighSurrogate(c)) {
              out.append(s.charAt(++i));
            }
          }
        }
      }
    }
    out.append('"');
  }

  private static void appendUnicodeEscape(StringBuilder out, char c) {
    out.append(String.format("\\u%04x", (int) c));
  }
}
