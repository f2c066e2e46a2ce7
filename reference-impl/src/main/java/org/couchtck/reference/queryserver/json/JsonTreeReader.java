package org.couchtck.reference.queryserver.json;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Parses one JSON text the way JavaScript's {@code JSON.parse} would see it, into plain Java
 * values: {@link List}, {@link LinkedHashMap} (key order kept, a repeated key keeps its last
 * value), {@link String}, {@link Double}, {@link Boolean} and {@code null}.
 *
 * <p>Every number becomes the nearest double, as in JavaScript: {@code -0} stays negative zero,
 * {@code 1e400} becomes Infinity and integers beyond 2^53 are rounded. Strings and keys may hold
 * lone UTF-16 surrogates, written raw or as {@code \}{@code uDC00} escapes, as JavaScript strings
 * can (general-purpose JSON libraries refuse them in keys). Text after the value is an error.
 */
public final class JsonTreeReader {

  // A char array, not the String: indexing it costs far less before the JIT's last tier.
  private final char[] text;
  private final int length;
  private int pos;

  private final JsonTreeBuilder builder;

  private JsonTreeReader(String text, JsonTreeBuilder builder) {
    this.text = text.toCharArray();
    this.length = this.text.length;
    this.builder = builder;
  }

  /**
   * Parses {@code text} as exactly one JSON value, into lists and maps.
   *
   * @throws JsonSyntaxException when the text is not exactly one valid JSON value
   */
  public static Object parse(String text) {
    JsonTreeReader reader = new JsonTreeReader(text, JavaTreeBuilder.INSTANCE);
    Object value = reader.readValue();
    reader.skipWhitespace();
    if (reader.pos < reader.length) {
      throw reader.error("unexpected non-whitespace character after JSON data");
    }
    return value;
  }

  /**
   * Parses the last element of a JSON array whose text up to {@code from} has been read
   * elsewhere: one value at {@code from}, made with {@code builder}, then {@code ]} and nothing
   * but whitespace.
   *
   * @throws JsonSyntaxException when the rest of the text is not so; the message then need not
   *     be the one {@link #parse} gives for the whole text
   */
  public static Object parseLastElement(String text, int from, JsonTreeBuilder builder) {
    JsonTreeReader reader = new JsonTreeReader(text, builder);
    reader.pos = from;
    Object value = reader.readValue();
    reader.skipWhitespace();
    if (reader.pos >= reader.length || reader.text[reader.pos] != ']') {
      throw reader.error("expected the end of the array");
    }
    reader.pos++;
    reader.skipWhitespace();
    if (reader.pos < reader.length) {
      throw reader.error("unexpected non-whitespace character after JSON data");
    }
    return value;
  }

  /** An array or object being read: its members so far. */
  private static final class OpenContainer {
    final boolean array;
    final List<Object> values = new ArrayList<>();
    final List<String> keys;

    OpenContainer(boolean array) {
      this.array = array;
      this.keys = array ? null : new ArrayList<>();
    }
  }

  // Iterative so that deeply nested input cannot exhaust the Java stack.
  private Object readValue() {
    Deque<OpenContainer> containers = new ArrayDeque<>();
    while (true) {
      skipWhitespace();
      Object completed;
      char c = peek("a value");
      if (c == '[' || c == '{') {
        pos++;
        skipWhitespace();
        boolean array = c == '[';
        if (peek(array ? "a value or ']'" : "a key or '}'") == (array ? ']' : '}')) {
          pos++;
          completed =
              array
                  ? builder.array(new ArrayList<>())
                  : builder.object(new ArrayList<>(), new ArrayList<>());
        } else {
          OpenContainer container = new OpenContainer(array);
          containers.push(container);
          if (!array) {
            container.keys.add(readKey());
          }
          continue;
        }
      } else {
        completed = readScalar(c);
      }
      // Close every container the completed value finishes.
      while (true) {
        OpenContainer container = containers.peek();
        if (container == null) {
          return completed;
        }
        container.values.add(completed);
        skipWhitespace();
        char next = peek("',' or a closing bracket");
        pos++;
        if (next == ',') {
          if (!container.array) {
            skipWhitespace();
            container.keys.add(readKey());
          }
          break;
        }
        if (next != (container.array ? ']' : '}')) {
          pos--;
          throw error("unexpected character '" + next + "'");
        }
        containers.pop();
        completed =
            container.array
                ? builder.array(container.values)
                : builder.object(container.keys, container.values);
      }
    }
  }

  private String readKey() {
    if (peek("a string key") != '"') {
      throw error("expected a double-quoted property name");
    }
    String key = readCachedKey(pos + 1);
    skipWhitespace();
    if (peek("':'") != ':') {
      throw error("expected ':' after property name");
    }
    pos++;
    return key;
  }

  // Documents repeat the same few keys: a key without escapes that was seen before is taken
  // from a small cache, which spares a new String and gives Rhino's slot maps a hash code that is
  // already computed. The cache is shared by all readers without locks: a String is immutable, a
  // slot holds one or another whole String, and a hit is only taken after comparing characters.
  private static final int KEY_CACHE_SIZE = 1024;
  private static final int MAX_CACHED_KEY = 32;
  private static final String[] KEY_CACHE = new String[KEY_CACHE_SIZE];

  private String readCachedKey(int start) {
    int hash = 0;
    int end = start;
    while (end < length && end - start <= MAX_CACHED_KEY) {
      char c = text[end];
      if (c == '"') {
        int slot = (hash ^ (hash >>> 16)) & (KEY_CACHE_SIZE - 1);
        String cached = KEY_CACHE[slot];
        if (cached != null && sameChars(cached, start, end)) {
          pos = end + 1;
          return cached;
        }
        String key = readString();
        KEY_CACHE[slot] = key;
        return key;
      }
      if (c == '\\' || c < 0x20) {
        break;
      }
      hash = 31 * hash + c;
      end++;
    }
    return readString();
  }

  private boolean sameChars(String cached, int start, int end) {
    if (cached.length() != end - start) {
      return false;
    }
    for (int i = start; i < end; i++) {
      if (cached.charAt(i - start) != text[i]) {
        return false;
      }
    }
    return true;
  }

  private Object readScalar(char c) {
    switch (c) {
      case '"':
        return readString();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", null);
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return readNumber();
        }
        throw error("unexpected character '" + c + "'");
    }
  }

  private Object literal(String word, Object value) {
    for (int i = 0; i < word.length(); i++) {
      if (pos + i >= length || text[pos + i] != word.charAt(i)) {
        throw error("unexpected keyword");
      }
    }
    pos += word.length();
    return value;
  }

  private Double readNumber() {
    int start = pos;
    if (text[pos] == '-') {
      pos++;
    }
    if (pos < length && text[pos] == '0') {
      pos++;
    } else if (!digits()) {
      throw error("no number after minus sign");
    }
    if (pos < length && text[pos] == '.') {
      pos++;
      if (!digits()) {
        throw error("missing digits after decimal point");
      }
    }
    if (pos < length && (text[pos] == 'e' || text[pos] == 'E')) {
      pos++;
      if (pos < length && (text[pos] == '+' || text[pos] == '-')) {
        pos++;
      }
      if (!digits()) {
        throw error("missing digits after exponent indicator");
      }
    }
    return toDouble(start, pos);
  }

  // Java's parser gives the nearest double, as JavaScript does; -0 stays negative zero. A number
  // of at most 15 digits and no exponent needs no general parse: its digits and the power of ten
  // (at most 10^15) are exact doubles, so one division rounds the quotient once, to the nearest
  // double (Clinger's fast path).
  private Double toDouble(int start, int end) {
    boolean negative = text[start] == '-';
    int first = negative ? start + 1 : start;
    if (end - first <= 16) {
      long digits = 0;
      int point = -1;
      for (int i = first; i < end; i++) {
        char c = text[i];
        if (c == '.' && point < 0) {
          point = i;
        } else if (c >= '0' && c <= '9') {
          digits = digits * 10 + (c - '0');
        } else {
          return Double.parseDouble(new String(text, start, end - start));
        }
      }
      int significant = end - first - (point < 0 ? 0 : 1);
      if (significant <= 15) {
        double value = point < 0 ? (double) digits : digits / POWERS_OF_TEN[end - point - 1];
        return negative ? -value : value;
      }
    }
    return Double.parseDouble(new String(text, start, end - start));
  }

  private static final double[] POWERS_OF_TEN = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15
  };

  private boolean digits() {
    int start = pos;
    while (pos < length && text[pos] >= '0' && text[pos] <= '9') {
      pos++;
    }
    return pos > start;
  }

  private String readString() {
    pos++; // the opening quote
    // Most strings hold no escape: take them as a substring without copying twice.
    int end = pos;
    while (end < length) {
      char c = text[end];
      if (c == '"') {
        String plain = new String(text, pos, end - pos);
        pos = end + 1;
        return plain;
      }
      if (c == '\\' || c < 0x20) {
        break;
      }
      end++;
    }
    StringBuilder out = new StringBuilder(end - pos + 16).append(text, pos, end - pos);
    pos = end;
    while (true) {
      if (pos >= length) {
        throw error("unterminated string");
      }
      char c = text[pos++];
      if (c == '"') {
        return out.toString();
      }
      if (c < 0x20) {
        pos--;
        throw error("bad control character in string literal");
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (pos >= length) {
        throw error("unterminated string");
      }
      char e = text[pos++];
      switch (e) {
        case '"', '\\', '/' -> out.append(e);
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> out.append(readHexUnit());
        default -> {
          pos--;
          throw error("bad escaped character");
        }
      }
    }
  }

  /** One UTF-16 code unit: a surrogate stays as it is, paired or not, as in JavaScript. */
  private char readHexUnit() {
    if (pos + 4 > length) {
      throw error("bad Unicode escape");
    }
    int unit = 0;
    for (int i = 0; i < 4; i++) {
      int digit = Character.digit(text[pos + i], 16);
      if (digit < 0) {
        throw error("bad Unicode escape");
      }
      unit = unit * 16 + digit;
    }
    pos += 4;
    return (char) unit;
  }

  private void skipWhitespace() {
    while (pos < length) {
      char c = text[pos];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      pos++;
    }
  }

  private char peek(String expected) {
    if (pos >= length) {
      throw error("unexpected end of data, expected " + expected);
    }
    return text[pos];
  }

  private JsonSyntaxException error(String what) {
    return new JsonSyntaxException(what + " at column " + (pos + 1));
  }
}
