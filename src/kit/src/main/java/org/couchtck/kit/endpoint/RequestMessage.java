package org.couchtck.kit.endpoint;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.message.BasicClassicHttpRequest;

/** The HTTP/1.1 request the kit writes for an {@link HttpCall}. */
final class RequestMessage {

    /** Methods whose requests carry a body by nature: sent with {@code Content-Length: 0} when they have none. */
    private static final Set<String> WITH_BODY = Set.of("POST", "PUT", "PATCH");

    private RequestMessage() {
    }

    /**
     * {@code call} as sent to the endpoint at {@code base}: the path after the base's own, the call's headers in their
     * order (Host and Content-Length are the kit's), {@code requestId} as X-Couch-Request-ID unless the call has one,
     * the body as UTF-8 with its length (or in chunks, for a chunked call).
     */
    static ClassicHttpRequest of(URI base, HttpCall call, String requestId) {
        String path = (base.getRawPath() == null ? "" : base.getRawPath()) + call.path();
        // This constructor keeps the path as it is: the others parse it as a URI and rebuild it.
        BasicClassicHttpRequest request = new BasicClassicHttpRequest(call.method(), (HttpHost) null, path);
        request.addHeader("Host", base.getRawAuthority());
        for (HttpCall.Header header : call.headers()) {
            if (!header.name().equalsIgnoreCase("Host") && !header.name().equalsIgnoreCase("Content-Length")
                    && !header.name().equalsIgnoreCase("Transfer-Encoding")) {
                request.addHeader(header.name(), header.value());
            }
        }
        if (call.header(RequestIds.HEADER).isEmpty()) {
            request.addHeader(RequestIds.HEADER, requestId);
        }
        if (call.body().isPresent() && call.chunked()) {
            // the connection writes an entity in chunks when the request says Transfer-Encoding: chunked
            request.addHeader("Transfer-Encoding", "chunked");
            request.setEntity(new ByteArrayEntity(call.body().get().getBytes(StandardCharsets.UTF_8), null, true));
        } else if (call.body().isPresent()) {
            byte[] body = call.body().get().getBytes(StandardCharsets.UTF_8);
            request.addHeader("Content-Length", Integer.toString(body.length));
            request.setEntity(new ByteArrayEntity(body, null));
        } else if (WITH_BODY.contains(call.method())) {
            request.addHeader("Content-Length", "0");
        }
        return request;
    }
}
