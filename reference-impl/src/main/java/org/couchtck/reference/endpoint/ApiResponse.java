package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Blocker;
import org.eclipse.jetty.util.Callback;

/**
 * Writes one reply: a whole JSON body, or a chunked stream whose every {@link Stream#write} is one HTTP chunk sent at
 * once (how CouchDB frames feeds and heartbeats). Writes block, so a route runs top to bottom on its thread.
 */
final class ApiResponse {

    private final Response response;
    private final Callback callback;
    /** CouchDB 3.5.2 answers JSON as application/json whatever the Accept header says (the recordings show it). */
    static final String JSON_TYPE = "application/json";

    private final Map<String, String> headers = new LinkedHashMap<>();
    /** The reply's X-Couch-Request-ID: the request's own when it is one CouchDB echoes ({@link RequestIds}). */
    private final String requestId;
    private boolean committed;
    private boolean requestHeaders = true;

    /** A reply to a request whose X-Couch-Request-ID was {@code requestedId} (null when it had none). */
    ApiResponse(Response response, Callback callback, String requestedId) {
        this.response = response;
        this.callback = callback;
        this.requestId = RequestIds.forReply(requestedId);
    }

    /** Adds a header to the reply that is yet to be written. */
    ApiResponse header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    /** Leaves out X-Couch-Request-ID and X-CouchDB-Body-Time, as CouchDB does for a few handlers ({@code _session}). */
    ApiResponse withoutRequestHeaders() {
        requestHeaders = false;
        return this;
    }

    /** 304 Not Modified: the ETag and nothing else, as CouchDB answers a matching If-None-Match. */
    void notModified(String etag) throws IOException {
        committed = true;
        response.setStatus(304);
        response.getHeaders().put("ETag", etag);
        putRequestHeaders();
        blockingWrite(true, ByteBuffer.allocate(0));
        callback.succeeded();
    }

    boolean isCommitted() {
        return committed;
    }

    /** A whole JSON reply: compact JSON and a newline, with a Content-Length. */
    void json(int status, JsonNode body) throws IOException {
        byte[] bytes = (Json.write(body) + "\n").getBytes(StandardCharsets.UTF_8);
        begin(status, JSON_TYPE);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
        blockingWrite(true, ByteBuffer.wrap(bytes));
        callback.succeeded();
    }

    /** A whole reply of raw bytes (an attachment), with a Content-Length. */
    void bytes(int status, String contentType, byte[] body) throws IOException {
        begin(status, contentType);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        blockingWrite(true, ByteBuffer.wrap(body));
        callback.succeeded();
    }

    /** Starts a chunked reply; nothing is sent until the first write. */
    Stream stream(int status, String contentType) {
        begin(status, contentType);
        response.getHeaders().put(HttpHeader.TRANSFER_ENCODING, "chunked"); // even under Connection: close
        return new Stream();
    }


    /**
     * A whole reply whose headers a design-document function chose (a show's or an update's): no Cache-Control is
     * added, as chttpd:send_response adds none.
     */
    void external(int status, Map<String, String> external, byte[] body) throws IOException {
        beginExternal(status, external);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        blockingWrite(true, ByteBuffer.wrap(body));
        callback.succeeded();
    }

    /** A chunked reply whose headers a list function chose. */
    Stream externalStream(int status, Map<String, String> external) {
        beginExternal(status, external);
        response.getHeaders().put(HttpHeader.TRANSFER_ENCODING, "chunked");
        return new Stream();
    }

    /**
     * A reply relayed from elsewhere (the proxy): the status and headers as given, repeats kept, none of the
     * endpoint's own added; the body as {@link Stream#write}s, each sent at once, with a Content-Length when {@code
     * length} is known (not negative), else framed by the server (chunked for HTTP/1.1, to the close for HTTP/1.0).
     */
    Stream relay(int status, List<Map.Entry<String, String>> fields, long length) {
        committed = true;
        response.setStatus(status);
        var h = response.getHeaders();
        fields.forEach(f -> h.add(f.getKey(), f.getValue()));
        if (length >= 0) {
            h.put(HttpHeader.CONTENT_LENGTH, length);
        }
        putRequestHeaders();
        return new Stream();
    }

    private void beginExternal(int status, Map<String, String> external) {
        committed = true;
        response.setStatus(status);
        var h = response.getHeaders();
        headers.forEach(h::put);
        external.forEach(h::put);
        putRequestHeaders();
    }

    private void begin(int status, String contentType) {
        committed = true;
        response.setStatus(status);
        var h = response.getHeaders();
        h.put(HttpHeader.CONTENT_TYPE, contentType);
        h.put("Cache-Control", "must-revalidate");
        headers.forEach(h::put);
        putRequestHeaders();
    }

    private void putRequestHeaders() {
        if (requestHeaders) {
            response.getHeaders().put("X-Couch-Request-ID", requestId);
            response.getHeaders().put("X-CouchDB-Body-Time", "0");
        }
    }

    private void blockingWrite(boolean last, ByteBuffer buffer) throws IOException {
        try (Blocker.Callback cb = Blocker.callback()) {
            response.write(last, buffer, cb);
            cb.block();
        }
    }

    /** An open chunked reply. */
    final class Stream {

        private boolean ended;

        /** Sends {@code text} as one chunk; fails when the client has gone. */
        void write(String text) throws IOException {
            write(text.getBytes(StandardCharsets.UTF_8));
        }

        /** Sends {@code bytes} as one chunk; fails when the client has gone. */
        void write(byte[] bytes) throws IOException {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("endpoint stopping");
            }
            blockingWrite(false, ByteBuffer.wrap(bytes));
        }

        /** Ends the reply with the last (empty) chunk. */
        void end() throws IOException {
            if (!ended) {
                ended = true;
                blockingWrite(true, ByteBuffer.allocate(0));
                callback.succeeded();
            }
        }
    }
}
