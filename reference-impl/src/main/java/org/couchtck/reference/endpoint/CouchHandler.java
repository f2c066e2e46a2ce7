package org.couchtck.reference.endpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The one Jetty handler: turns a request into an {@link ApiRequest}, authenticates it, hands it to the routes, and
 * turns a {@link CouchError} into CouchDB's error reply. Routes run blocking on Jetty's pool threads.
 */
final class CouchHandler extends Handler.Abstract {

    private final Authenticator authenticator;
    private final Routes routes;
    private final ConfiguredRoutes configured;

    CouchHandler(Authenticator authenticator, Routes routes, ConfiguredRoutes configured) {
        this.authenticator = authenticator;
        this.routes = routes;
        this.configured = configured;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        ApiResponse out = new ApiResponse(response, callback, request.getHeaders().get("X-Couch-Request-ID"));
        try {
            Map<String, String> headers = new HashMap<>();
            List<Map.Entry<String, String>> fields = new ArrayList<>();
            for (HttpField field : request.getHeaders()) {
                headers.putIfAbsent(field.getName().toLowerCase(Locale.ROOT), field.getValue());
                fields.add(Map.entry(field.getName(), field.getValue()));
            }
            String path = request.getHttpURI().getPath();
            Optional<ConfiguredHandlers.Proxy> proxy = configured.proxyFor(path);
            // a proxied body is streamed to the backend, so it is not read here
            byte[] body = new byte[0];
            if (proxy.isEmpty()) {
                ByteBuffer buffer = Content.Source.asByteBuffer(request);
                body = new byte[buffer.remaining()];
                buffer.get(body);
            }
            UserContext user = authenticator.authenticate(Optional.ofNullable(headers.get("authorization")),
                    Optional.ofNullable(headers.get("cookie")));
            ApiRequest api = new ApiRequest(request.getMethod(), path, request.getHttpURI().getQuery(), headers,
                    body, user, fields, Request.getRemoteAddr(request));
            if (proxy.isPresent()) {
                configured.forward(api, request.getConnectionMetaData().getHttpVersion().asString(),
                        Content.Source.asInputStream(request), out, proxy.get(),
                        Request.getServerName(request) + ":" + Request.getServerPort(request));
            } else {
                routes.handle(api, out);
            }
        } catch (CouchError e) {
            replyError(out, callback, e);
        } catch (IOException e) {
            // the client went away mid-reply: nothing left to tell it
            callback.failed(e);
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            // CouchDB answers a crash in a handler with 500 unknown_error; so does the reference, in its own shape
            replyError(out, callback, new CouchError(500, "unknown_error", String.valueOf(e.getMessage())));
        }
        return true;
    }

    private static void replyError(ApiResponse out, Callback callback, CouchError e) throws IOException {
        if (out.isCommitted()) {
            callback.failed(e);
            return;
        }
        if (e instanceof CouchError.MethodNotAllowed m) {
            out.header("Allow", m.allowed());
        }
        if (e instanceof CouchError.Crash crash) {
            out.header("X-Couch-Stack-Hash", Long.toString(crash.ref()));
            out.json(e.status(), Json.error(e.error(), e.reason()).put("ref", crash.ref()));
            return;
        }
        out.json(e.status(), Json.error(e.error(), e.reason()));
    }
}
