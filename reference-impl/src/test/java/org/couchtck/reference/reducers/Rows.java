package org.couchtck.reference.reducers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/** Test rows written as JSON text: {@code values("1", "[2,3]")} gives rows keyed "k" with doc ids d0, d1, ... */
final class Rows {

    static final ObjectMapper JSON = new ObjectMapper();

    private Rows() {
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    static List<KeyValue> values(String... values) {
        List<KeyValue> rows = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            rows.add(new KeyValue(json("\"k\""), "d" + i, json(values[i])));
        }
        return rows;
    }

    static KeyValue row(String key, String docId, String value) {
        return new KeyValue(json(key), docId, json(value));
    }

    static String text(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
