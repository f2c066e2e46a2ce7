package org.couchtck.reference.endpoint;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.couchtck.reference.daemons.ExternalServers;

/**
 * The routes the node's config adds ({@link ConfiguredHandlers}): the proxies of {@code [httpd_global_handlers]} and
 * the {@code _external} handlers of {@code [httpd_db_handlers]}, looked up on every request, ahead of the endpoint's
 * own routes as couch_httpd looked its handler tables up first. Closing it stops every handler process and ends every
 * proxied exchange.
 */
final class ConfiguredRoutes implements AutoCloseable {

    private final ConfiguredHandlers handlers;
    private final ProxyRoute proxy = new ProxyRoute();
    private final ExternalServers servers = new ExternalServers();
    private final ExternalRoute external;

    ConfiguredRoutes(NodeConfig config, DatabaseRoutes databases) {
        this.handlers = new ConfiguredHandlers(config);
        this.external = new ExternalRoute(databases, config, servers);
    }

    /** The proxy configured for {@code rawPath}, if any: its body is streamed, so it is served before being read. */
    Optional<ConfiguredHandlers.Proxy> proxyFor(String rawPath) {
        return handlers.global(globalKey(rawPath))
                .filter(ConfiguredHandlers.Proxy.class::isInstance).map(ConfiguredHandlers.Proxy.class::cast);
    }

    void forward(ApiRequest request, String version, InputStream body, ApiResponse response,
            ConfiguredHandlers.Proxy target, String localAuthority) throws IOException {
        proxy.forward(request, version, body, response, target, localAuthority);
    }

    /** Serves the request when {@code [httpd_global_handlers]} configures its first segment; false otherwise. */
    boolean serveGlobal(ApiRequest request, ApiResponse response) throws IOException {
        Optional<ConfiguredHandlers.Handler> handler = handlers.global(globalKey(request.rawPath()));
        if (handler.isEmpty() || handler.get() instanceof ConfiguredHandlers.Native) {
            return false;
        }
        if (handler.get() instanceof ConfiguredHandlers.Proxy p) {
            // a request a rewrite sent here: its body has been read already
            proxy.forward(request, "HTTP/1.1", new ByteArrayInputStream(request.body()), response, p, "127.0.0.1");
            return true;
        }
        throw failure(handler.get());
    }

    /** Serves a request on a database when {@code [httpd_db_handlers]} configures its second segment. */
    boolean serveDb(ApiRequest request, ApiResponse response) throws IOException {
        Optional<ConfiguredHandlers.Handler> handler = handlers.db(request.segment(1));
        if (handler.isEmpty() || handler.get() instanceof ConfiguredHandlers.Native) {
            return false;
        }
        if (handler.get() instanceof ConfiguredHandlers.External e) {
            external.handle(request, response, e);
            return true;
        }
        throw failure(handler.get());
    }

    /** A handler that answers with an error (the others of a section never reach here). */
    private static CouchError failure(ConfiguredHandlers.Handler handler) {
        if (handler instanceof ConfiguredHandlers.Failure f) {
            return f.toError();
        }
        // an external handler's function in the global section or the proxy's in a database's: undefined there
        return new CouchError(500, "unknown_error", "undef");
    }

    /** couch_httpd's HandlerKey: the path's first segment as sent, {@code /} for the root. */
    static String globalKey(String rawPath) {
        String path = rawPath.startsWith("/") ? rawPath.substring(1) : rawPath;
        if (path.isEmpty()) {
            return "/";
        }
        int slash = path.indexOf('/');
        return slash < 0 ? path : path.substring(0, slash);
    }

    @Override
    public void close() {
        proxy.close();
        servers.close();
    }
}
