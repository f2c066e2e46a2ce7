package org.couchtck.kit.cases;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.UncheckedIOException;

/**
 * Compact JSON text as CouchDB writes it to a query server: no spaces, raw (unescaped) non-ASCII characters, key
 * order kept, decimal numbers as written in the fixture ({@code 2.0} stays {@code 2.0}).
 */
final class WireText {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(JsonGenerator.Feature.ESCAPE_NON_ASCII)
            .build();

    private WireText() {
    }

    static String compact(JsonNode value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
