package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.couchtck.kit.wire.WireJson;

/**
 * The response half of one recorded exchange ({@code shared/couchdb-http/README.md}, "An exchange"), as the bytes a
 * client would have read: a whole body, or a stream's chunks and how the stream ended.
 *
 * @param status the status code; empty when the server dropped the connection before a response
 * @param error for a response that never came: the recorder's words for what happened
 * @param headers the recorded headers in order, {@code "(omitted)"} values as recorded
 * @param body the whole body as text ({@code body_raw} when present, else compact JSON and a newline, the text, or
 *     nothing); for a stream, the chunks' data concatenated
 * @param binary for a {@code base64} body: its bytes; empty otherwise
 * @param chunks for a stream: the chunks in order; empty for a whole body
 * @param end for a stream: how it ended; empty for a whole body
 */
record RecordedResponse(OptionalInt status, String error, Map<String, String> headers, String body,
        Optional<byte[]> binary, List<Chunk> chunks, Optional<StreamEnd> end) {

    /** One HTTP chunk as the server framed it: when it came (scenario time and since the request) and its data. */
    record Chunk(long tMs, long relMs, String data) {
    }

    /**
     * How a stream ended.
     *
     * @param byServer whether the server ended it (last chunk, Content-Length, EOF or broken framing) rather than the
     *     recorder closing it
     * @param how {@code last-chunk}, {@code content-length}, {@code eof}, {@code malformed-chunked-encoding} or
     *     {@code close-after}
     * @param tMs when, in scenario time
     * @param relMs when, since the request was sent
     */
    record StreamEnd(boolean byServer, String how, long tMs, long relMs) {

        /** Whether the server broke the framing: a client sees a broken body, not an end. */
        boolean broken() {
            return how.equals("malformed-chunked-encoding");
        }
    }

    RecordedResponse {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        chunks = List.copyOf(chunks);
    }

    /** Whether the response is a stream (a feed, a heartbeat, a longpoll), read chunk by chunk. */
    boolean streamed() {
        return end.isPresent();
    }

    /** The {@code response} object of a recorded exchange. */
    static RecordedResponse parse(JsonNode response) {
        JsonNode status = response.path("status");
        Map<String, String> headers = new LinkedHashMap<>();
        response.path("headers").properties().forEach(h -> headers.put(h.getKey(), h.getValue().asText()));
        List<Chunk> chunks = new ArrayList<>();
        Optional<StreamEnd> end = Optional.empty();
        JsonNode stream = response.path("stream");
        if (stream.isObject()) {
            stream.path("chunks").forEach(c -> chunks.add(new Chunk(c.path("t_ms").asLong(), c.path("rel_ms").asLong(),
                    c.path("data").asText())));
            JsonNode e = stream.path("end");
            end = Optional.of(new StreamEnd(e.path("by").asText().equals("server"), e.path("how").asText(),
                    e.path("t_ms").asLong(), e.path("rel_ms").asLong()));
        }
        Optional<byte[]> binary = Optional.empty();
        String body;
        if (end.isPresent()) {
            StringBuilder text = new StringBuilder();
            chunks.forEach(c -> text.append(c.data()));
            body = text.toString();
        } else if (response.has("body_raw")) {
            body = response.get("body_raw").asText();
        } else {
            String kind = response.path("body_kind").asText("empty");
            JsonNode value = response.path("body");
            switch (kind) {
                case "json" -> body = WireJson.write(value) + "\n";
                case "text" -> body = value.asText();
                case "base64" -> {
                    binary = Optional.of(Base64.getDecoder().decode(value.asText()));
                    body = new String(binary.get(), StandardCharsets.UTF_8);
                }
                default -> body = "";
            }
        }
        return new RecordedResponse(status.isInt() ? OptionalInt.of(status.asInt()) : OptionalInt.empty(),
                response.path("error").asText(""), headers, body, binary, chunks, end);
    }
}
