package org.couchtck.kit.daemons.programs;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.BindException;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The HTTP side of the kit's daemons: a small Jetty server on 127.0.0.1 that hands each request to a
 * {@link Exchanges} and sends the JSON reply it makes.
 *
 * <p>It reads HTTP/1.1 as leniently as CouchDB's proxy needs: CouchDB 2.x's proxy sends {@code Content-Length: 0}
 * twice for a request with an empty body, which mochiweb (the server of CouchDB's own proxy tests) accepts and the
 * JDK's built-in server answers with 400. Two equal Content-Lengths are read as one (RFC 9112 lets a recipient do
 * that); two that differ are still refused.
 */
public final class DaemonHttpServer implements AutoCloseable {

    /** RFC 7230's rules, but a Content-Length given twice with one value is read as one. */
    public static final HttpCompliance COMPLIANCE = HttpCompliance.RFC7230.with("couchdb-2-proxy",
            HttpCompliance.Violation.MULTIPLE_CONTENT_LENGTHS);

    /** What a daemon answers. */
    @FunctionalInterface
    public interface Exchanges {
        /**
         * @param method the request's method
         * @param rawPath its path as it came, still percent-encoded
         * @param body its body, empty when none
         */
        Reply answer(String method, String rawPath, byte[] body) throws IOException;
    }

    /**
     * A reply.
     *
     * @param afterwards what to do once the reply is sent (a daemon asked to exit exits then)
     */
    public record Reply(int status, JsonNode body, Runnable afterwards) {
        public Reply(int status, JsonNode body) {
            this(status, body, () -> { });
        }
    }

    private final Server server;

    private DaemonHttpServer(Server server) {
        this.server = server;
    }

    /**
     * Serves on 127.0.0.1:{@code port}.
     *
     * @throws BindException when the port is taken
     * @throws IOException when the server cannot start otherwise
     */
    public static DaemonHttpServer start(int port, Exchanges exchanges) throws IOException {
        // Few threads: a daemon mostly waits, and starts again and again in the restart cases.
        Server server = new Server(new QueuedThreadPool(8, 2));
        HttpConfiguration http = new HttpConfiguration();
        http.setHttpCompliance(COMPLIANCE);
        // a config key with a '/' comes as %2F: the path is the daemon's to read, not Jetty's to judge
        http.setUriCompliance(UriCompliance.LEGACY);
        http.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        server.setHandler(new JsonHandler(exchanges));
        try {
            server.start();
        } catch (Exception e) {
            stopQuietly(server);
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof BindException bind) {
                    throw bind;
                }
            }
            throw new IOException("cannot serve HTTP on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
        return new DaemonHttpServer(server);
    }

    /** The port served on: the one asked for, or the one the system chose for 0. */
    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    @Override
    public void close() {
        stopQuietly(server);
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            // stopping what never started or is going anyway
        }
    }

    private static final class JsonHandler extends Handler.Abstract {

        private final Exchanges exchanges;

        JsonHandler(Exchanges exchanges) {
            this.exchanges = exchanges;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            byte[] body = Content.Source.asInputStream(request).readAllBytes();
            Reply reply = exchanges.answer(request.getMethod(), request.getHttpURI().getPath(), body);
            byte[] bytes = DaemonChannel.JSON.writeValueAsBytes(reply.body());
            response.setStatus(reply.status());
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
            response.write(true, ByteBuffer.wrap(bytes), Callback.from(() -> {
                callback.succeeded();
                reply.afterwards().run();
            }, callback::failed));
            return true;
        }
    }
}
