package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.HttpHeader;
import com.github.tomakehurst.wiremock.http.HttpHeaders;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.endpoint.ProxyFaults.Fault;

/**
 * WireMock response transformers for the replies of design-document functions that a stub proxied from the
 * reference endpoint, one fault each, registered by {@link ProxyFaults#all()}: a show whose headers are lost, a
 * list whose chunks come out of order, a validate_doc_update that {@code _bulk_docs} ignores, a selector filter that
 * evaluates one operator as its opposite.
 */
final class DesignFaults {

    private static final ObjectMapper JSON = new ObjectMapper();

    private DesignFaults() {
    }

    /** Leaves one header out of the reply. Parameter: {@code header}; a reply without it is a mistake of the test. */
    static final class HeaderDropped extends Fault {
        static final String NAME = "fault-header-dropped";

        HeaderDropped() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            String header = serveEvent.getTransformerParameters().getString("header");
            List<HttpHeader> kept = response.getHeaders().all().stream().filter(h -> !h.keyEquals(header)).toList();
            if (kept.size() == response.getHeaders().all().size()) {
                throw new IllegalStateException("no header " + header + " in the reply");
            }
            return Response.Builder.like(response).but().headers(new HttpHeaders(kept)).build();
        }
    }

    /**
     * Swaps two chunks of a list's body, a chunk being what one {@code send()} wrote: the list functions of the cases
     * end each with a newline. Parameter: {@code first}, the 0-based chunk that changes places with the next one.
     */
    static final class ChunksReordered extends Fault {
        static final String NAME = "fault-chunks-reordered";

        ChunksReordered() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            int first = serveEvent.getTransformerParameters().getInt("first");
            List<String> chunks = new ArrayList<>(List.of(response.getBodyAsString().split("(?<=\n)")));
            if (first + 1 >= chunks.size()) {
                throw new IllegalStateException("no chunks " + first + " and " + (first + 1) + " in " + chunks);
            }
            chunks.add(first + 1, chunks.remove(first));
            return ProxyFaults.withBody(response, String.join("", chunks));
        }
    }

    /**
     * Turns every refused row of a {@code _bulk_docs} reply ({@code forbidden}, {@code unauthorized}) into a saved
     * one, as a server that skips validate_doc_update there would answer.
     */
    static final class RejectionAccepted extends Fault {
        static final String NAME = "fault-rejection-accepted";

        RejectionAccepted() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            ArrayNode rows = (ArrayNode) ProxyFaults.read(response.getBodyAsString());
            for (int i = 0; i < rows.size(); i++) {
                JsonNode row = rows.get(i);
                String error = row.path("error").asText("");
                if (error.equals("forbidden") || error.equals("unauthorized")) {
                    ObjectNode saved = JSON.createObjectNode().put("ok", true).put("id", row.path("id").asText())
                            .put("rev", "1-" + "0".repeat(32));
                    rows.set(i, saved);
                }
            }
            return ProxyFaults.withBody(response, rows + "\n");
        }
    }

    /**
     * Answers a {@code POST ..._changes?filter=_selector} with what the proxied endpoint answers when one operator of
     * the selector is replaced by another: the request is sent again with {@code "from"} replaced by {@code "to"} in
     * its body (operators with their quotes, so {@code "$gt"} does not touch {@code "$gte"}). Parameters: {@code from},
     * {@code to}.
     */
    static final class SelectorInverted extends Fault {
        static final String NAME = "fault-selector-inverted";

        SelectorInverted() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            String from = "\"" + serveEvent.getTransformerParameters().getString("from") + "\"";
            String to = "\"" + serveEvent.getTransformerParameters().getString("to") + "\"";
            String body = serveEvent.getRequest().getBodyAsString();
            if (!body.contains(from)) {
                return response;
            }
            return ProxyFaults.withBody(response, post(serveEvent, body.replace(from, to)));
        }
    }

    /**
     * POSTs {@code body} to the request's own path on the endpoint the stub proxies to, with the request's
     * Authorization; the reply's body as text. The connection is closed after the reply, so that no keep-alive thread
     * outlives the test.
     */
    private static String post(ServeEvent serveEvent, String body) {
        String base = Optional.ofNullable(serveEvent.getResponseDefinition().getProxyBaseUrl())
                .orElseThrow(() -> new IllegalStateException("the stub proxies nowhere"));
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(base + serveEvent.getRequest().getUrl())
                    .toURL().openConnection();
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setRequestProperty("Accept", "application/json");
            connection.setRequestProperty("Content-Type", "application/json");
            connection.setRequestProperty("Connection", "close");
            Optional.ofNullable(serveEvent.getRequest().getHeader("Authorization"))
                    .ifPresent(a -> connection.setRequestProperty("Authorization", a));
            connection.setConnectTimeout(5_000);
            connection.setReadTimeout(10_000);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(body.getBytes(StandardCharsets.UTF_8));
            }
            try (InputStream in = connection.getResponseCode() < 400 ? connection.getInputStream()
                    : connection.getErrorStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } finally {
                connection.disconnect();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
