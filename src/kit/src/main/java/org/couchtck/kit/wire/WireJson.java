package org.couchtck.kit.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * JSON as it travels between CouchDB and a query server: compact, non-ASCII characters as raw UTF-8, object keys in
 * their original order, doubles as CouchDB's encoder writes them ({@code 2.0} stays {@code 2.0}).
 */
public final class WireJson {

    /** Deep enough for any document CouchDB would store, shallow enough for the writer's recursion. */
    private static final int MAX_NESTING_DEPTH = 5_000;

    private static final ObjectMapper MAPPER = buildMapper();

    private WireJson() {}

    /** The mapper behind this class, for code that needs Jackson directly with the same settings. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * {@code value} as one compact line. A lone surrogate (valid in a JSON string escape, invalid in UTF-8) is written
     * as a {@code \\uXXXX} escape so that the line stays valid UTF-8 and the character is not lost.
     *
     * @throws IllegalArgumentException when {@code value} holds NaN or an infinity, which JSON cannot express
     */
    public static String write(JsonNode value) {
        try {
            return escapeLoneSurrogates(MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof IllegalArgumentException unrepresentable) {
                throw unrepresentable;
            }
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Parses a line holding exactly one JSON value (surrounding JSON whitespace allowed). Escapes of lone surrogates
     * such as {@code "\udc00"} are accepted, as CouchDB's decoder accepts them.
     *
     * @throws MalformedLineException when the line is empty, not JSON, or has anything after the value
     */
    public static JsonNode parse(String line) throws MalformedLineException {
        JsonNode node;
        try {
            node = MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw new MalformedLineException("not a JSON value: " + e.getOriginalMessage(), e);
        }
        if (node == null || node.isMissingNode()) {
            throw new MalformedLineException("empty line: no JSON value", null);
        }
        return node;
    }

    /** {@code text} as one JSON value; empty when it is blank or not JSON. */
    public static Optional<JsonNode> tryParse(String text) {
        if (text.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(text));
        } catch (MalformedLineException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether {@code node} is a log line in CouchDB's sense: an array of exactly two elements, {@code "log"} and a
     * string. Anything else, {@code ["log", 1]} included, is a reply.
     */
    public static boolean isLogLine(JsonNode node) {
        return node != null && node.isArray() && node.size() == 2 && node.get(0).isTextual()
                && "log".equals(node.get(0).textValue()) && node.get(1).isTextual();
    }

    /** The message of a log line, or empty when {@code line} is not one (see {@link #isLogLine}). */
    public static Optional<String> logMessage(String line) {
        // Cheap pre-check: most lines are replies, and parsing each twice would halve the exchange rate.
        if (!line.contains("log")) {
            return Optional.empty();
        }
        try {
            JsonNode node = parse(line);
            return isLogLine(node) ? Optional.of(node.get(1).textValue()) : Optional.empty();
        } catch (MalformedLineException e) {
            return Optional.empty();
        }
    }

    static String escapeLoneSurrogates(String json) {
        StringBuilder out = null;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (!Character.isSurrogate(c)) {
                if (out != null) {
                    out.append(c);
                }
                continue;
            }
            boolean paired = Character.isHighSurrogate(c) && i + 1 < json.length()
                    && Character.isLowSurrogate(json.charAt(i + 1));
            if (paired) {
                if (out != null) {
                    out.append(c).append(json.charAt(i + 1));
                }
                i++;
                continue;
            }
            if (out == null) {
                out = new StringBuilder(json.length() + 16).append(json, 0, i);
            }
            out.append(String.format("\\u%04x", (int) c));
        }
        return out == null ? json : out.toString();
    }

    private static ObjectMapper buildMapper() {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxStringLength(Integer.MAX_VALUE)
                        .maxNumberLength(100_000)
                        .maxNestingDepth(MAX_NESTING_DEPTH)
                        .build())
                .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH).build())
                .addDecorator((f, generator) -> new JiffyNumberGenerator(generator))
                .build();
        return JsonMapper.builder(factory)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    /** Writes floating-point numbers with {@link JiffyDoubles}; everything else passes through. */
    private static final class JiffyNumberGenerator extends JsonGeneratorDelegate {

        JiffyNumberGenerator(JsonGenerator delegate) {
            super(delegate, false);
        }

        @Override
        public void writeNumber(double value) throws IOException {
            delegate.writeNumber(JiffyDoubles.format(value));
        }

        @Override
        public void writeNumber(BigDecimal value) throws IOException {
            // CouchDB has no decimals: any non-integer on the wire is a double.
            delegate.writeNumber(JiffyDoubles.format(value.doubleValue()));
        }

        @Override
        public void writeNumber(float value) throws IOException {
            // The float's own shortest digits, not the noise its widening to double would show.
            delegate.writeNumber(JiffyDoubles.format(Double.parseDouble(Float.toString(value))));
        }
    }
}
