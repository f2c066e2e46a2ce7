package org.couchtck.kit.endpoint;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A CouchDB-compatible server reached over HTTP/1.1 with the JDK's {@link HttpClient}. Admin credentials come from
 * the URI's user info ({@code http://admin:secret@host:5984}) or are given apart. The client's work runs on daemon
 * threads this endpoint owns ({@code couchtck-http-N}); {@link #close()} ends them.
 */
public final class HttpEndpoint implements EndpointTarget, AutoCloseable {

    private static final AtomicInteger THREADS = new AtomicInteger();

    private final URI baseUri;
    private final Optional<Credentials> admin;
    private final ExecutorService executor;
    private final HttpClient client;

    private HttpEndpoint(URI baseUri, Optional<Credentials> admin, Duration connectTimeout) {
        this.baseUri = baseUri;
        this.admin = admin;
        this.executor = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "couchtck-http-" + THREADS.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(connectTimeout)
                .executor(executor)
                .build();
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
        return JdkFeedConnection.open(client, request(call));
    }

    private HttpRequest request(HttpCall call) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUri + call.path()))
                .timeout(call.timeout())
                .method(call.method(), call.body()
                        .map(body -> HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                        .orElse(HttpRequest.BodyPublishers.noBody()));
        call.headers().forEach(h -> request.header(h.name(), h.value()));
        return request.build();
    }

    /**
     * Ends the client's threads. Java 17's client has no close of its own: its selector thread ends once the client is
     * unreachable (from Java 21 on, the client is closed here too).
     */
    @Override
    public void close() {
        if (client instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                // Closing is best effort; the executor below is ended either way.
            }
        }
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
