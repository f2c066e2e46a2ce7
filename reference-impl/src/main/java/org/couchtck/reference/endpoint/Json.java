package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The endpoint's JSON: compact, keys in insertion order, as CouchDB's encoder writes it. */
final class Json {

    static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .addDecorator((factory, generator) -> new CouchNumberWriter(generator)).build());

    private Json() {}

    /** Writes floats as CouchDB does ({@link CouchNumbers}); everything else as Jackson does. */
    private static final class CouchNumberWriter extends JsonGeneratorDelegate {
        CouchNumberWriter(JsonGenerator delegate) {
            super(delegate, false);
        }

        @Override
        public void writeNumber(double v) throws java.io.IOException {
            delegate.writeNumber(CouchNumbers.format(v));
        }

        @Override
        public void writeNumber(float v) throws java.io.IOException {
            writeNumber((double) v);
        }
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serialises", e);
        }
    }

    static ObjectNode error(String error, String reason) {
        ObjectNode body = object();
        body.put("error", error);
        body.put("reason", reason);
        return body;
    }
}
