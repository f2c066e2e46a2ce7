package org.couchtck.reference.queryserver.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
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
 * {@code 1e400} becomes Infinity and integers beyond 2^53 are rounded. Text after the value is
 * an error.
 */
public final class JsonTreeReader {

  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxStringLength(Integer.MAX_VALUE)
                  .maxNumberLength(Integer.MAX_VALUE)
                  .maxNestingDepth(100_000)
                  .build())
          .build();

  private JsonTreeReader() {}

  /**
   * Parses {@code text} as exactly one JSON value.
   *
   * @throws JsonSyntaxException when the text is not exactly one valid JSON value
   */
  public static Object parse(String text) {
    try (JsonParser parser = FACTORY.createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new JsonSyntaxException("unexpected end of data");
      }
      Object value = readValue(parser);
      if (parser.nextToken() != null) {
        throw new JsonSyntaxException("unexpected non-whitespace character after JSON data");
      }
      return value;
    } catch (JsonProcessingException e) {
      throw new JsonSyntaxException(e.getOriginalMessage());
    } catch (IOException e) {
      throw new JsonSyntaxException(e.getMessage());
    }
  }

  // Iterative so that deeply nested input cannot exhaust the Java stack.
  private static Object readValue(JsonParser parser) throws IOException {
    Deque<Object> containers = new ArrayDeque<>();
    Deque<String> pendingKeys = new ArrayDeque<>();
    Object root = null;
    JsonToken token = parser.currentToken();
    while (true) {
      Object completed;
      boolean haveValue = true;
      switch (token) {
        case START_ARRAY -> {
          containers.push(new ArrayList<>());
          haveValue = false;
          completed = null;
        }
        case START_OBJECT -> {
          containers.push(new LinkedHashMap<String, Object>());
          haveValue = false;
          completed = null;
        }
        case FIELD_NAME -> {
          pendingKeys.push(parser.currentName());
          haveValue = false;
          completed = null;
        }
        case END_ARRAY, END_OBJECT -> completed = containers.pop();
        case VALUE_STRING -> completed = parser.getText();
        case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> completed = Double.parseDouble(parser.getText());
        case VALUE_TRUE -> completed = Boolean.TRUE;
        case VALUE_FALSE -> completed = Boolean.FALSE;
        case VALUE_NULL -> completed = null;
        default -> throw new JsonSyntaxException("unexpected token " + token);
      }
      if (haveValue) {
        if (containers.isEmpty()) {
          root = completed;
          return root;
        }
        addTo(containers.peek(), pendingKeys, completed);
      }
      token = parser.nextToken();
      if (token == null) {
        throw new JsonSyntaxException("unexpected end of data");
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static void addTo(Object container, Deque<String> pendingKeys, Object value) {
    if (container instanceof List<?> list) {
      ((List<Object>) list).add(value);
    } else {
      Map<String, Object> map = (Map<String, Object>) container;
      String key = pendingKeys.pop();
      map.remove(key); // a repeated key moves to its last position, as JSON.parse does
      map.put(key, value);
    }
  }
}
