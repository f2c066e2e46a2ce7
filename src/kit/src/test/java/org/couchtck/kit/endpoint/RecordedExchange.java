package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One recorded request of a CouchDB scenario ({@code shared/couchdb-http/README.md}, "An exchange") and its response.
 *
 * @param index position in the scenario, from 0 (the number case notes give as {@code #n})
 * @param thread {@code main}, or {@code writer} for the writes a second client made while a feed was open
 * @param label the recorder's words for the exchange; {@code setup:}/{@code teardown:} mark scaffolding
 * @param tMs when the request was sent, in ms since the scenario started
 * @param method the HTTP method
 * @param path path and query exactly as sent (percent-encoded)
 * @param headers the recorded request headers; {@code Authorization} as {@code admin}, {@code none}, {@code bad} or
 *     {@code user:<name>}
 * @param body the request body: a JSON value sent compactly, or (with {@code bodyVerbatim}) the exact text
 * @param bodyVerbatim whether {@code body} is a string holding the exact bytes sent (not JSON)
 * @param response what came back
 */
record RecordedExchange(int index, String thread, String label, long tMs, String method, String path,
        Map<String, String> headers, Optional<JsonNode> body, boolean bodyVerbatim, RecordedResponse response) {

    RecordedExchange {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    static RecordedExchange parse(int index, JsonNode exchange) {
        JsonNode request = exchange.path("request");
        Map<String, String> headers = new LinkedHashMap<>();
        request.path("headers").properties().forEach(h -> headers.put(h.getKey(), h.getValue().asText()));
        return new RecordedExchange(index, exchange.path("thread").asText("main"), exchange.path("label").asText(""),
                exchange.path("t_ms").asLong(), request.path("method").asText(), request.path("path").asText(),
                headers, Optional.ofNullable(request.get("body")), request.path("body_sent_verbatim").asBoolean(false),
                RecordedResponse.parse(exchange.path("response")));
    }

    boolean writer() {
        return thread.equals("writer");
    }

    boolean setup() {
        return label.startsWith("setup:");
    }

    boolean teardown() {
        return label.startsWith("teardown:");
    }

    /** How messages name the exchange: {@code #4 GET /rec-.../_changes ("feed after a", main)}. */
    String shown() {
        return "#" + index + " " + method + " " + path + " (\"" + label + "\", " + thread + ")";
    }
}
