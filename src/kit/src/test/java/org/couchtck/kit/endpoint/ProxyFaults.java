package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.extension.Parameters;
import com.github.tomakehurst.wiremock.extension.ResponseTransformerV2;
import com.github.tomakehurst.wiremock.http.ChunkedDribbleDelay;
import com.github.tomakehurst.wiremock.http.HttpHeader;
import com.github.tomakehurst.wiremock.http.HttpHeaders;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * WireMock response transformers that inject exactly one fault into a reply WireMock proxied from a real endpoint,
 * one fault each. None applies globally: a stub names the one it wants ({@code withTransformers(NAME)}) and gives it
 * its parameters ({@code withTransformerParameter}), so every other request passes through unchanged.
 */
final class ProxyFaults {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ProxyFaults() {
    }

    /** Every transformer here, to register with a WireMock server. */
    static ResponseTransformerV2[] all() {
        return new ResponseTransformerV2[] {new FeedRows(), new Status(), new BodyField(), new BodyText(),
                new StalledBody(),
                new ViewFaults.ViewRows(), new ViewFaults.KeysSorted(), new ViewFaults.RowMemberDropped(),
                new ViewFaults.ReducedValues(), new ViewFaults.GroupLevelIgnored(), new ViewFaults.NeverIndexed(),
                new ViewFaults.AlwaysIndexed(), new DesignFaults.HeaderDropped(), new HeaderValue(),
                new DesignFaults.ChunksReordered(),
                new DesignFaults.RejectionAccepted(), new DesignFaults.SelectorInverted()};
    }

    /** A fault only the stubs that name it get, by its name. */
    abstract static class Fault implements ResponseTransformerV2 {
        private final String name;

        Fault(String name) {
            this.name = name;
        }

        @Override
        public final String getName() {
            return name;
        }

        @Override
        public final boolean applyGlobally() {
            return false;
        }
    }

    /**
     * Edits the rows of a feed reply: the {@code results} of a normal or longpoll body, or the row lines of a continuous
     * one (heartbeats and the {@code last_seq} line stay), of {@code _changes} or {@code /_db_updates}. Parameters:
     * {@code edit} (one of {@link RowEdit}) and {@code match}, a JSON object: the edit acts on the rows that have all of
     * its members ({@code {"id":"b"}}, {@code {"type":"deleted"}}).
     */
    static final class FeedRows extends Fault {
        static final String NAME = "fault-feed-rows";

        FeedRows() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            Parameters parameters = serveEvent.getTransformerParameters();
            RowEdit edit = RowEdit.valueOf(parameters.getString("edit"));
            JsonNode match = read(parameters.getString("match"));
            String body = response.getBodyAsString();
            JsonNode whole = oneDocumentOrNull(body);
            String edited = whole != null && whole.has("results")
                    ? editResults((ObjectNode) whole, edit, match)
                    : editLines(body, edit, match);
            return withBody(response, edited);
        }

        private static String editResults(ObjectNode whole, RowEdit edit, JsonNode match) {
            List<JsonNode> rows = new ArrayList<>();
            whole.path("results").forEach(rows::add);
            ArrayNode results = JSON.createArrayNode();
            edit.apply(rows, row -> matches(row, match)).forEach(results::add);
            whole.set("results", results);
            return whole + "\n";
        }

        private static String editLines(String body, RowEdit edit, JsonNode match) {
            List<String> lines = List.of(body.split("\n", -1));
            List<String> rows = lines.stream().filter(FeedRows::isRow).toList();
            List<String> edited = edit.apply(rows, line -> matches(read(line), match));
            List<String> out = new ArrayList<>();
            boolean rowsWritten = false;
            for (String line : lines) {
                if (!isRow(line)) {
                    out.add(line);
                } else if (!rowsWritten) {
                    out.addAll(edited);
                    rowsWritten = true;
                }
            }
            return String.join("\n", out);
        }

        /** A line of a continuous feed that is a row: a JSON object, not the {@code last_seq} one. */
        private static boolean isRow(String line) {
            JsonNode node = line.startsWith("{") ? oneDocumentOrNull(line) : null;
            return node != null && node.isObject() && !node.has("last_seq");
        }

        static boolean matches(JsonNode row, JsonNode match) {
            for (Map.Entry<String, JsonNode> member : match.properties()) {
                if (!member.getValue().equals(row.get(member.getKey()))) {
                    return false;
                }
            }
            return true;
        }
    }

    /** One edit of a feed's rows; a feed without a matching row is left as it is. */
    enum RowEdit {
        /** Every matching row is left out. */
        DROP,
        /** The first matching row comes twice, one after the other. */
        REPEAT,
        /** The first matching row and the one after it change places. */
        SWAP_WITH_NEXT;

        <T> List<T> apply(List<T> rows, Predicate<T> matching) {
            List<T> out = new ArrayList<>(rows);
            if (this == DROP) {
                out.removeIf(matching);
                return out;
            }
            int at = -1;
            for (int i = 0; i < out.size() && at < 0; i++) {
                at = matching.test(out.get(i)) ? i : -1;
            }
            if (at < 0 || this == SWAP_WITH_NEXT && at + 1 >= out.size()) {
                return out;
            }
            if (this == REPEAT) {
                out.add(at + 1, out.get(at));
            } else {
                out.add(at + 1, out.remove(at));
            }
            return out;
        }
    }

    /**
     * Replaces the status of a reply. Parameters: {@code from} (only a reply with this status is changed, so that the
     * stub may also match requests that answer otherwise) and {@code to}.
     */
    static final class Status extends Fault {
        static final String NAME = "fault-status";

        Status() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            Parameters parameters = serveEvent.getTransformerParameters();
            if (response.getStatus() != parameters.getInt("from")) {
                return response;
            }
            return Response.Builder.like(response).but().status(parameters.getInt("to")).statusMessage(null).build();
        }
    }

    /**
     * Replaces one top-level member of a JSON reply body. Parameters: {@code status} (only a reply with this status is
     * changed), {@code field} and {@code value} (a string).
     */
    static final class BodyField extends Fault {
        static final String NAME = "fault-body-field";

        BodyField() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            Parameters parameters = serveEvent.getTransformerParameters();
            if (response.getStatus() != parameters.getInt("status")) {
                return response;
            }
            ObjectNode body = (ObjectNode) read(response.getBodyAsString());
            String field = parameters.getString("field");
            if (!body.has(field)) {
                throw new IllegalStateException("no member " + field + " in " + body);
            }
            body.put(field, parameters.getString("value"));
            return withBody(response, body + "\n");
        }
    }

    /**
     * Sets one header of a reply to another value (a proxy that does not rewrite a Location, a handler's header
     * lost for another). Parameters: {@code header} and {@code value}; a reply without the header is a mistake of the
     * test.
     */
    static final class HeaderValue extends Fault {
        static final String NAME = "fault-header-value";

        HeaderValue() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            Parameters parameters = serveEvent.getTransformerParameters();
            String header = parameters.getString("header");
            if (!response.getHeaders().getHeader(header).isPresent()) {
                throw new IllegalStateException("no header " + header + " in the reply");
            }
            List<HttpHeader> headers = new ArrayList<>();
            response.getHeaders().all().stream().filter(h -> !h.keyEquals(header)).forEach(headers::add);
            headers.add(new HttpHeader(header, parameters.getString("value")));
            return Response.Builder.like(response).but().headers(new HttpHeaders(headers)).build();
        }
    }

    /**
     * Replaces a piece of a reply's text, as a server that writes the same values otherwise would (numbers in another
     * layout). Parameters: {@code from}, {@code to}; a reply without {@code from} is a mistake of the test.
     */
    static final class BodyText extends Fault {
        static final String NAME = "fault-body-text";

        BodyText() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            Parameters parameters = serveEvent.getTransformerParameters();
            String body = response.getBodyAsString();
            String from = parameters.getString("from");
            if (!body.contains(from)) {
                throw new IllegalStateException("no " + from + " in " + body);
            }
            return withBody(response, body.replace(from, parameters.getString("to")));
        }
    }

    /**
     * Keeps a reply open long after the real one ended: its body dribbles out over {@code millis} ms in 300 chunks,
     * padded after its first byte with blanks (JSON whitespace) so that every chunk holds a few bytes. WireMock waits
     * one interval before each chunk, so the head comes with the first one, {@code millis}/300 ms after the real reply
     * ended. Parameter: {@code millis}.
     */
    static final class StalledBody extends Fault {
        static final String NAME = "fault-stalled-body";
        private static final int CHUNKS = 300;

        StalledBody() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            int millis = serveEvent.getTransformerParameters().getInt("millis");
            String body = response.getBodyAsString();
            String padded = body.isEmpty() ? " ".repeat(2 * CHUNKS)
                    : body.charAt(0) + " ".repeat(2 * CHUNKS) + body.substring(1);
            return Response.Builder.like(withBody(response, padded)).but()
                    .chunkedDribbleDelay(new ChunkedDribbleDelay(CHUNKS, millis)).build();
        }
    }

    /** {@code response} with another body; WireMock frames it anew. */
    static Response withBody(Response response, String body) {
        return Response.Builder.like(response).but().headers(framingRemoved(response.getHeaders())).body(body)
                .build();
    }

    /** The headers without the proxied reply's own framing, which no longer fits a changed body. */
    private static HttpHeaders framingRemoved(HttpHeaders headers) {
        List<HttpHeader> kept = headers.all().stream()
                .filter(h -> !h.keyEquals("Content-Length") && !h.keyEquals("Transfer-Encoding")).toList();
        return new HttpHeaders(kept);
    }

    /** {@code text} parsed as one JSON document; null when it is not one (a continuous feed's lines). */
    static JsonNode oneDocumentOrNull(String text) {
        try {
            return JSON.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(text);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
