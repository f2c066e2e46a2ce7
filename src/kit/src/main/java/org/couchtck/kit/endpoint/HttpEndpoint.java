package org.couchtck.kit.endpoint;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A CouchDB-compatible server reached over HTTP/1.1 on connections the kit keeps itself ({@link HttpExchange}): a
 * connection is used again only after an exchange that leaves it clean, and every request carries an
 * X-Couch-Request-ID, so that a response the server wrote for another request is never judged as this one's. Admin
 * credentials come from the URI's user info ({@code http://admin:secret@host:5984}) or are given apart. Each exchange
 * reads on a daemon thread this endpoint owns ({@code couchtck-http-N}); {@link #close()} ends them.
 */
public final class HttpEndpoint implements EndpointTarget, AutoCloseable {

    private static final AtomicInteger THREADS = new AtomicInteger();

    private final URI baseUri;
    private final Optional<Credentials> admin;
    private final Duration connectTimeout;
    private final ExecutorService executor;
    private final ConnectionPool pool;
    private final Set<HttpExchange> open = ConcurrentHashMap.newKeySet();
    /** Whether the server has answered a request with the request's own X-Couch-Request-ID. */
    private final AtomicBoolean serverEchoes = new AtomicBoolean();
    private final InFlightRequests inFlight = new InFlightRequests();
    private volatile EndpointWatch watch = EndpointWatch.NONE;

    private HttpEndpoint(URI baseUri, Optional<Credentials> admin, Duration connectTimeout) {
        this.baseUri = baseUri;
        this.admin = admin;
        this.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout");
        this.executor = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "couchtck-http-" + THREADS.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.pool = new ConnectionPool(baseUri);
    }

    /** The endpoint at {@code uri}; admin credentials from its user info, if it has any. */
    public static HttpEndpoint of(URI uri, Duration connectTimeout) {
        return new HttpEndpoint(withoutUserInfo(uri), Credentials.fromUserInfo(uri.getUserInfo()), connectTimeout);
    }

    /** The endpoint at {@code uri} (any user info ignored) with {@code admin}'s credentials. */
    public static HttpEndpoint of(URI uri, Credentials admin, Duration connectTimeout) {
        return new HttpEndpoint(withoutUserInfo(uri), Optional.of(admin), connectTimeout);
    }

    private static URI withoutUserInfo(URI uri) {
        Objects.requireNonNull(uri, "uri");
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
            throw new IllegalArgumentException("an endpoint is an http:// or https:// URL, got " + uri);
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("an endpoint URL names a host, got " + uri);
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        try {
            return new URI(uri.getScheme() + "://" + (uri.getHost().contains(":") ? "[" + uri.getHost() + "]"
                    : uri.getHost()) + (uri.getPort() < 0 ? "" : ":" + uri.getPort()) + path);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not an endpoint URL: " + uri, e);
        }
    }

    @Override
    public URI baseUri() {
        return baseUri;
    }

    @Override
    public Optional<Credentials> adminCredentials() {
        return admin;
    }

    @Override
    public FeedConnection open(HttpCall call) {
        HttpExchange exchange = new HttpExchange(pool, connectTimeout, baseUri, call, serverEchoes, open::remove,
                inFlight, watch);
        open.add(exchange);
        try {
            executor.execute(exchange);
        } catch (RejectedExecutionException e) {
            exchange.refuse(new NoReplyException("the kit closed its endpoint " + baseUri, e));
        }
        return exchange;
    }

    /** Tells {@code endpointWatch} of every request that fails at the connection from now on. */
    public void watchedBy(EndpointWatch endpointWatch) {
        this.watch = Objects.requireNonNull(endpointWatch, "endpointWatch");
    }

    /**
     * The requests sent before {@code before} that are still in flight, or failed within {@code window} before it:
     * what the server may have had when it went away.
     */
    public List<InFlight> inFlight(Instant before, Duration window) {
        return inFlight.at(before, window);
    }

    /** Closes the idle connections: after an outage none of them leads to the server any more. */
    public void dropIdleConnections() {
        pool.dropIdle();
    }

    /** Closes the open exchanges and the idle connections, and ends the threads that read them. */
    @Override
    public void close() {
        executor.shutdown();
        List.copyOf(open).forEach(HttpExchange::close);
        pool.close();
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "HttpEndpoint[" + baseUri + admin.map(a -> ", admin " + a.user()).orElse("") + "]";
    }
}
