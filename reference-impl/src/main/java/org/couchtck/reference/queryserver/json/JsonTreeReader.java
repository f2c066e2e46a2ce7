package org.couchtck.reference.queryserver.json;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  private JsonTreeReader(String text) {
    this.text = text.toCharArray();
    this.length = this.text.length;
  }

  /**
   * Parses {@code text} as exactly one JSON value.
   *
   * @throws JsonSyntaxException when the text is not exactly one valid JSON value
   */
  public static Object parse(String text) {
    JsonTreeReader reader = new JsonTreeReader(text);
    Object value = reader.readValue();
    reader.skipWhitespace();
    if (reader.pos < reader.length) {
      throw reader.error("unexpected non-whitespace character after JSON data");
    }
    return value;
  }

  // Iterative so that deeply nested input cannot exhaust the Java stack.
  private Object readValue() {
    Deque<Object> containers = new ArrayDeque<>();
    Deque<String> pendingKeys = new ArrayDeque<>();
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
          completed = array ? new ArrayList<>() : new LinkedHashMap<String, Object>();
        } else {
          containers.push(array ? new ArrayList<>() : new LinkedHashMap<String, Object>());
          if (!array) {
            pendingKeys.push(readKey());
          }
          continue;
        }
      } else {
        completed = readScalar(c);
      }
      // Close every container the completed value finishes.
      while (true) {
        if (containers.isEmpty()) {
          return completed;
        }
        Object container = containers.peek();
        addTo(container, pendingKeys, completed);
        skipWhitespace();
        char next = peek("',' or a closing bracket");
        pos++;
        if (next == ',') {
          if (container instanceof Map) {
            skipWhitespace();
            pendingKeys.push(readKey());
          }
          break;
        }
        if (next != (container instanceof List ? ']' : '}')) {
          pos--;
          throw error("unexpected character '" + next + "'");
        }
        completed = containers.pop();
      }
    }
  }

  private String readKey() {
    if (peek("a string key") != '"') {
      throw error("expected a double-quoted property name");
    }
    String key = readString();
    skipWhitespace();
    if (peek("':'") != ':') {
      throw error("expected ':' after property name");
    }
    pos++;
    return key;
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

  // Java's parser gives the nearest double, as JavaScript does; -0 stays negative zero. Plain
  // integers of up to 15 digits are exact doubles and need no general parse.
  private Double toDouble(int start, int end) {
    boolean negative = text[start] == '-';
    int first = negative ? start + 1 : start;
    if (end - first <= 15) {
      long value = 0;
      for (int i = first; i < end; i++) {
        char c = text[i];
        if (c < '0' || c > '9') {
          return Double.parseDouble(new String(text, start, end - start));
        }
        value = value * 10 + (c - '0');
      }
      return negative ? -(double) value : (double) value;
    }
    return Double.parseDouble(new String(text, start, end - start));
  }

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

  @SuppressWarnings("unchecked")
  private static void addTo(Object container, Deque<String> pendingKeys, Object value) {
    if (container instanceof List<?> list) {
      ((List<Object>) list).add(value);
    } else {
      Map<String, Object> map = (Map<String, Object>) container;
      String key = pendingKeys.pop();
      int sizeBefore = map.size();
      map.put(key, value);
      if (map.size() == sizeBefore) {
        // A repeated key moves to its last position, as JSON.parse does.
        map.remove(key);
        map.put(key, value);
      }
    }
  }

  private JsonSyntaxException error(String what) {
    return new JsonSyntaxException(what + " at column " + (pos + 1));
  }
}
